import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { num, rowsOf } from './sql-rows.ts';

/**
 * Pending (queued or being sent) and failed messages of both outboxes, and how long the oldest
 * pending one has waited, by the app's clock that stamped them. One statement, one snapshot.
 */
export async function outboxFigures(db: Db, now: Date) {
  const [row = {}] = await rowsOf(
    db,
    sql`select
      (select count(*) from email_outbox where status in ('queued', 'sending')) as email_pending,
      (select count(*) from email_outbox where status = 'failed') as email_failed,
      (select min(created_at) from email_outbox where status in ('queued', 'sending')) as email_oldest,
      (select count(*) from outbox_messages where status in ('queued', 'sending')) as messages_pending,
      (select count(*) from outbox_messages where status = 'failed') as messages_failed,
      (select min(created_at) from outbox_messages where status in ('queued', 'sending')) as messages_oldest`,
  );
  const age = (oldest: unknown) =>
    oldest
      ? Math.max(0, Math.floor((now.getTime() - new Date(oldest as string | Date).getTime()) / 1000))
      : null;
  return {
    email: {
      pending: num(row.email_pending),
      failed: num(row.email_failed),
      oldestPendingSeconds: age(row.email_oldest),
    },
    messages: {
      pending: num(row.messages_pending),
      failed: num(row.messages_failed),
      oldestPendingSeconds: age(row.messages_oldest),
    },
  };
}
