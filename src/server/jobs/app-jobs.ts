import type { AppContext } from '#server/app-context.ts';
import { systemClock } from '#server/clock.ts';
import type { Engine } from '#server/db/client.ts';
import { analyzeEmbedded } from '#server/db/migrate.ts';
import { deliverEmail, emailsWaiting } from '#server/email/delivery.ts';
import { configureEmailLinks } from '#server/email/notification-links.ts';
import { subscribeFeatures } from '#server/feature-subscriptions.ts';
import { deleteOldLoginAttempts } from '#server/features/auth/login-attempts.ts';
import { deleteDeadSessions } from '#server/features/auth/sessions.ts';
import { safeError } from '#server/logging/safe-error.ts';
import { deliverMessage, messagesWaiting } from '#server/messaging/delivery.ts';
import { handlePaymentEvent } from '#server/payments/events.ts';
import { type AppQueues, appQueues } from './app-queues.ts';
import { handOverQueuedEmails } from './email-delivery.ts';
import type { HandlerMap, JobSchedule } from './job-types.ts';
import { handOverQueuedMessages } from './message-delivery.ts';
import { type JobQueue, type JobQueueOptions, startJobQueue } from './queue.ts';
import { runDueWork } from './worker.ts';

const EMAIL_KICK_MS = 5_000;

/** What runs each app queue's jobs. Every handler is idempotent and reads time from ctx.clock. */
export const appHandlers: HandlerMap<AppQueues> = {
  'due-work': (ctx) => runDueWork(ctx),
  'analyze-embedded': (ctx) => analyzeEmbedded(ctx.database),
  // Real time on purpose: a moved test clock must not sign anybody out early.
  'sweep-sessions': async (ctx) => {
    await deleteDeadSessions(ctx.database.db, systemClock.now(), ctx.config.session);
    // The app's clock here: the attempts were counted on it.
    await deleteOldLoginAttempts(ctx.database.db, ctx.clock.now(), ctx.config.limits);
  },
  'payment-event': (ctx, job) => handlePaymentEvent(ctx, job.data),
  'email-sweep': (ctx) => handOverQueuedEmails(ctx),
  'send-email': async (ctx, job) => ({
    result: await deliverEmail(ctx, job.data.outboxId, { final: job.retryCount >= job.retryLimit }),
  }),
  'message-sweep': (ctx) => handOverQueuedMessages(ctx),
  'send-message': async (ctx, job) => ({
    result: await deliverMessage(ctx, job.data.outboxId, { final: job.retryCount >= job.retryLimit }),
  }),
};

export function appSchedules(engine: Engine): JobSchedule<AppQueues>[] {
  return [
    { name: 'due-work', cron: '* * * * *' },
    { name: 'sweep-sessions', cron: '17 * * * *' },
    { name: 'email-sweep', cron: '* * * * *' },
    { name: 'message-sweep', cron: '* * * * *' },
    // PostgreSQL's autovacuum gathers statistics by itself.
    ...(engine === 'pglite' ? [{ name: 'analyze-embedded' as const, cron: '43 * * * *' }] : []),
  ];
}

export type AppJobQueue = JobQueue<AppQueues>;

export type AppJobsOptions = Pick<
  JobQueueOptions<AppQueues>,
  'mode' | 'log' | 'pollingIntervalSeconds' | 'bossOptions'
>;

/** The app's job queue: its queues, handlers and schedules. In background mode, due work runs at once too. */
export async function startAppJobs(ctx: AppContext, options: AppJobsOptions): Promise<AppJobQueue> {
  subscribeFeatures();
  configureEmailLinks(ctx.config);
  const jobs = await startJobQueue(ctx, {
    ...options,
    queues: appQueues,
    handlers: appHandlers,
    schedules: appSchedules(ctx.database.engine),
  });
  if (options.mode !== 'background') return jobs;
  await jobs.enqueue('due-work', {});
  await jobs.enqueue('sweep-sessions', {});
  // Cron runs once a minute; someone waiting for a reset link or a phone code should not wait that long.
  // Only when something waits, so an idle server does not fill pg-boss's archive with empty sweeps.
  const kick = setInterval(() => {
    if (ctx.config.email.smtpUrl)
      emailsWaiting(ctx.database.db)
        .then((waiting) => (waiting ? jobs.enqueue('email-sweep', {}) : null))
        .catch((err) => options.log?.warn({ err: safeError(err) }, 'email sweep kick failed'));
    messagesWaiting(ctx.database.db)
      .then((waiting) => (waiting ? jobs.enqueue('message-sweep', {}) : null))
      .catch((err) => options.log?.warn({ err: safeError(err) }, 'message sweep kick failed'));
  }, EMAIL_KICK_MS);
  kick.unref();
  return {
    ...jobs,
    stop: async () => {
      clearInterval(kick);
      await jobs.stop();
    },
  };
}
