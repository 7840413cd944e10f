import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { preferencesOf, setPreference } from '#server/core/notification-preferences.ts';
import { readUnsubscribeToken } from '#server/core/unsubscribe-tokens.ts';
import type { NotificationKind, PreferenceSwitch } from '#shared/schemas/settings.ts';

export const readPreferences = (ctx: AppContext, userId: number) => preferencesOf(ctx.database.db, userId);

/** One switch from /settings; replies with all of them. */
export async function savePreference(ctx: AppContext, userId: number, input: PreferenceSwitch, ip: string) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await setPreference(tx, userId, input.kind, input.channel, input.enabled);
    await recordAudit(tx, {
      action: 'notification_preferences_updated',
      actorUserId: userId,
      ip,
      at: now,
      details: { ...input },
    });
  });
  return readPreferences(ctx, userId);
}

/** From an email's footer, signed in or not: turns that kind's email off for that user only. */
export async function unsubscribe(ctx: AppContext, token: string, ip: string): Promise<NotificationKind> {
  const named = readUnsubscribeToken(ctx.config.payments.fingerprintSecret, token);
  if (!named || named.kind === 'security') throw new AppError('LINK_INVALID');
  const { kind, userId } = named;
  await ctx.database.db.transaction(async (tx) => {
    if (!(await setPreference(tx, userId, kind, 'email', false))) throw new AppError('LINK_INVALID');
    await recordAudit(tx, {
      action: 'notification_preferences_updated',
      actorUserId: userId,
      ip,
      at: ctx.clock.now(),
      details: { unsubscribed: kind },
    });
  });
  return kind;
}
