import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { retryFailedJob } from '#server/jobs/enqueue.ts';
import type { JobRetryReply } from '#shared/schemas/system-admin.ts';
import { iso, rowsOf } from './sql-rows.ts';

const LISTED = 20;
const ERROR_CHARS = 200;

/** The error's first line, cut short: enough to recognise it, not a stack trace. */
const trimmed = (message: unknown) => {
  if (typeof message !== 'string' || message.trim() === '') return null;
  const line = message.trim().split('\n')[0] ?? '';
  return line.length > ERROR_CHARS ? `${line.slice(0, ERROR_CHARS - 1)}…` : line;
};

/**
 * The latest failed jobs of every queue. Only the error's message is read from the job's output and
 * nothing of its data: payloads may name people. Before the job queue ever started there are none.
 */
export async function latestFailedJobs(db: Db) {
  const [exists] = await rowsOf(db, sql`select to_regclass('pgboss.job') is not null as present`);
  if (!exists?.present) return [];
  const rows = await rowsOf(
    db,
    sql`select name, id::text as id, completed_on, output->>'message' as message from pgboss.job
    where state = 'failed' order by completed_on desc nulls last, id limit ${LISTED}`,
  );
  return rows.map((row) => ({
    queue: String(row.name),
    id: String(row.id),
    failedAt: iso(row.completed_on) ?? new Date(0).toISOString(),
    error: trimmed(row.message),
  }));
}

/** An operator sends a failed job round again; the audit log says who and which. */
export async function retryJob(
  ctx: AppContext,
  operator: SessionUser,
  { queue, jobId, ip }: { queue: string; jobId: string; ip: string },
): Promise<JobRetryReply> {
  return inTransaction(ctx.database.db, async (tx) => {
    if (!(await retryFailedJob(tx, queue, jobId))) throw new AppError('FAILED_JOB_NOT_FOUND');
    await recordAudit(tx, {
      action: 'job_retried',
      actorUserId: operator.id,
      subject: `job:${queue}/${jobId}`,
      ip,
      at: ctx.clock.now(),
    });
    return { queue, id: jobId, state: 'retry' };
  });
}
