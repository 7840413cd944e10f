import type { PaymentEvent } from '#server/payments/provider.ts';
import { defineQueue } from './job-types.ts';

type Nothing = Record<string, never>;

/**
 * Every queue the app has, with its payload type and settings; start-up creates them. A new kind
 * of background work adds its queue here and its handler in app-jobs.ts (the types insist).
 */
export const appQueues = {
  /**
   * Reminders, auto-pay, auto-payouts, pending actions (runDueWork). Stately: the minute's run and any
   * kicks coalesce. A run left active by a dead server expires after 5 minutes so due work resumes.
   */
  'due-work': defineQueue<Nothing>({ policy: 'stately', retryLimit: 0, expireInSeconds: 300 }),
  /** Hourly ANALYZE of the embedded database, which has no autovacuum launcher. */
  'analyze-embedded': defineQueue<Nothing>({ policy: 'stately', retryLimit: 0 }),
  /** Deletes expired sessions; they already fail every check, this keeps the table small. */
  'sweep-sessions': defineQueue<Nothing>({ policy: 'stately', retryLimit: 0 }),
  /**
   * A processor's event (the sandbox's simulated settlements); retried, since handlers are
   * idempotent. Handling takes milliseconds, so one left active a minute belongs to a dead server.
   */
  'payment-event': defineQueue<PaymentEvent>({
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  }),
  /**
   * Hands queued outbox emails to 'send-email' jobs (jobs/email-delivery.ts). Stately: the minute's
   * run and the server's more frequent kicks coalesce.
   */
  'email-sweep': defineQueue<Nothing>({ policy: 'stately', retryLimit: 0, expireInSeconds: 120 }),
  /**
   * Sends one outbox email. Retried with backoff (30 s, 1 min, 2 min, 4 min, 8 min, with jitter); the
   * last failure marks the row failed. SMTP timeouts are 30 s at most, so one left active 2 minutes
   * belongs to a dead server and is retried.
   */
  'send-email': defineQueue<{ outboxId: number }>({
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  }),
  /** Hands queued texts and letters to 'send-message' jobs (jobs/message-delivery.ts); stately like 'email-sweep'. */
  'message-sweep': defineQueue<Nothing>({ policy: 'stately', retryLimit: 0, expireInSeconds: 120 }),
  /**
   * Sends one text or letter with the message provider. A phone code lives 10 minutes, so retries
   * come sooner than email's (10 s doubling: 10 s … 160 s, with jitter); the last failure marks the
   * row failed.
   */
  'send-message': defineQueue<{ outboxId: number }>({
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 120,
  }),
};

export type AppQueues = typeof appQueues;
