import { integer, text } from 'drizzle-orm/pg-core';

/**
 * The delivery state every outbox table carries (email_outbox, outbox_messages): queued → sending →
 * sent | failed, moved by src/server/messaging/outbox-rows.ts for both (decision 0026).
 */
export const deliveryColumns = () => ({
  status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
    .notNull()
    .default('queued'),
  attempts: integer('attempts').notNull().default(0),
  /** The provider's or SMTP server's reason for the last failed attempt, never a credential. */
  lastError: text('last_error'),
  /** The pg-boss job that delivers it, set when the sweep hands the row over. */
  jobId: text('job_id'),
});
