import { z } from 'zod';

/** What the pages need to know about this server before anyone signs in. */
export const publicConfigSchema = z.strictObject({
  /** The demo account is seeded here, so the sign-in page may name it (SEED_DEMO). */
  demoHint: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
