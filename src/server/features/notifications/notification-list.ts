import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { notifications } from '#server/db/groups-schema.ts';
import { prepared } from '#server/db/prepared.ts';

/** How many of the latest notifications the bell lists. */
const LISTED = 30;

// The bell asks every minute, on every open page: both statements built once (db/prepared.ts).
const latest = prepared<{ userId: number }, (typeof notifications.$inferSelect)[]>(
  'notifications_latest',
  (db) =>
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.id))
      .limit(LISTED),
);
const unread = prepared<{ userId: number }, { n: number }[]>('notifications_unread', (db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt))),
);

/** The person's latest notifications and how many are unread, as GET /api/notifications answers. */
export async function notificationList(db: Db, userId: number) {
  const [rows, [count]] = await Promise.all([latest(db, { userId }), unread(db, { userId })]);
  return {
    unreadCount: count?.n ?? 0,
    notifications: rows.map((n) => ({
      id: n.id,
      type: n.type,
      groupId: n.groupId,
      data: n.data,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}
