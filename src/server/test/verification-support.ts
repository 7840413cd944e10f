import { and, desc, eq } from 'drizzle-orm';
import { notifications } from '#server/db/groups-schema.ts';
import { auditLog } from '#server/db/schema.ts';
import { outboxMessages } from '#server/db/verification-schema.ts';
import type { createTestApp } from '#server/test/test-app.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The latest text or letter waiting in the person's outbox, with the code read out of it. */
export async function latestOutbox(t: TestApp, userId: number, channel: 'sms' | 'mail') {
  const [message] = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  if (!message) throw new Error(`no ${channel} in the outbox of user ${userId}`);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in "${message.body}"`);
  return { ...message, code };
}

export async function notificationsOf(t: TestApp, userId: number) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

export async function auditActionsOf(t: TestApp, userId: number) {
  const rows = await t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.actorUserId, userId))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

/** A code that is not `code` (for wrong tries). */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
