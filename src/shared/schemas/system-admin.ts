import { z } from 'zod';

/** POST /api/admin/jobs/{queue}/{jobId}/retry: a failed pg-boss job, by its queue and id. */
export const jobRetryParams = z.strictObject({
  /** pg-boss queue names: letters, digits, `_`, `-` and `.` (the app's are like `send-email`). */
  queue: z.string().regex(/^[\w.-]{1,100}$/),
  jobId: z.uuid(),
});

export const jobRetryReply = z.object({ queue: z.string(), id: z.string(), state: z.literal('retry') });
export type JobRetryReply = z.infer<typeof jobRetryReply>;

/** POST /api/admin/ledger-check: the ledger's invariants checked now (src/server/ledger/invariants.ts). */
export const ledgerCheckReply = z.object({
  ok: z.boolean(),
  /** One line per violation; empty when the ledger balances. */
  problems: z.array(z.string()),
  checkedAt: z.string(),
  durationMs: z.number(),
});
export type LedgerCheckReply = z.infer<typeof ledgerCheckReply>;
