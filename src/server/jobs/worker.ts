import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { analyzeEmbedded } from '#server/db/migrate.ts';
import { runAutoPayouts } from './auto-payouts.ts';
import { sendReminders } from './reminders.ts';

/** One pass of all time-driven work. Every step is idempotent, so passes may overlap or repeat. */
export async function runDueWork(ctx: AppContext) {
  const reminders = await sendReminders(ctx);
  const payouts = await runAutoPayouts(ctx);
  return { reminders, payouts };
}

/** Runs the due work every minute (and once at start); a failed pass is logged and retried next time. */
export function startWorker(ctx: AppContext, log: FastifyBaseLogger, intervalMs = 60_000) {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const done = await runDueWork(ctx);
      if (done.reminders || done.payouts) log.info(done, 'due work done');
    } catch (err) {
      log.error({ err }, 'due work failed');
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  // The embedded database gathers no statistics by itself (no autovacuum launcher).
  const analyzer = setInterval(() => void analyzeEmbedded(ctx.database).catch(() => {}), 60 * intervalMs);
  analyzer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(analyzer);
  };
}
