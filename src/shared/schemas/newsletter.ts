import { z } from 'zod';

export const newsletterSignupSchema = z.strictObject({
  email: z
    .string({ error: 'invalidEmail' })
    .trim()
    .max(254, { error: 'invalidEmail' })
    .pipe(z.email({ error: 'invalidEmail' })),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;
