import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { preferenceOverrides, preferencesOf } from '#server/core/notification-preferences.ts';
import { readUnsubscribeToken } from '#server/core/unsubscribe-tokens.ts';
import { users } from '#server/db/schema.ts';
import type { NotificationKind, NotificationPreferences } from '#shared/schemas/settings.ts';

export const readPreferences = (ctx: AppContext, userId: number) => preferencesOf(ctx.database.db, userId);

/** Stores every switch at once (security is always on whatever is sent). */
export async function savePreferences(
  ctx: AppContext,
  userId: number,
  input: NotificationPreferences,
  ip: string,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ notificationPreferences: preferenceOverrides(input) })
      .where(eq(users.id, userId));
    await recordAudit(tx, { action: 'notification_preferences_updated', actorUserId: userId, ip, at: now });
  });
  return readPreferences(ctx, userId);
}

/** From an email's footer, signed in or not: turns that kind's email off for that user only. */
export async function unsubscribe(ctx: AppContext, token: string, ip: string): Promise<NotificationKind> {
  const named = readUnsubscribeToken(ctx.config.payments.fingerprintSecret, token);
  if (!named) throw new AppError('LINK_INVALID');
  const path = `{${named.kind},email}`;
  const [row] = await ctx.database.db
    .update(users)
    .set({
      // One statement: a concurrent save of other switches is not lost.
      notificationPreferences: sql`jsonb_set(
        case when ${users.notificationPreferences} ? ${named.kind} then ${users.notificationPreferences}
             else ${users.notificationPreferences} || jsonb_build_object(${named.kind}::text, '{}'::jsonb) end,
        ${path}::text[], 'false'::jsonb)`,
    })
    .where(eq(users.id, named.userId))
    .returning({ id: users.id });
  if (!row) throw new AppError('LINK_INVALID');
  await recordAudit(ctx.database.db, {
    action: 'notification_preferences_updated',
    actorUserId: row.id,
    ip,
    at: ctx.clock.now(),
    details: { unsubscribed: named.kind },
  });
  return named.kind;
}
