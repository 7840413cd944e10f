import { inArray } from 'drizzle-orm';
import type { NotificationType } from '#server/core/notify.ts';
import { unsubscribeToken } from '#server/core/unsubscribe-tokens.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { NotificationKind } from '#shared/schemas/settings.ts';
import { emailLanguage } from './languages.ts';
import { emailLinkSettings } from './notification-links.ts';
import { queueEmail } from './outbox.ts';
import { hasEmail, notificationEmail } from './templates/notification-email.ts';

/**
 * Queues the email of one notification, in the caller's transaction, to each of these users (the
 * caller has already left out those whose email switch for the kind is off). Types without an email
 * template, and accounts whose address was erased on deletion, get none.
 */
export async function queueNotificationEmails(
  tx: Db,
  at: Date,
  userIds: number[],
  kind: NotificationKind,
  type: NotificationType,
  groupId: number | null,
  data: Record<string, string | number>,
) {
  const links = emailLinkSettings();
  if (!links || userIds.length === 0 || !hasEmail(type)) return;
  const readers = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(inArray(users.id, userIds));
  for (const reader of readers) {
    if (reader.email.endsWith('.invalid')) continue;
    const language = emailLanguage(reader.language);
    const token = unsubscribeToken(links.unsubscribeSecret, reader.id, kind);
    const rendered = notificationEmail({
      type,
      language,
      fullName: reader.fullName,
      groupId,
      data,
      publicUrl: links.publicUrl,
      unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    if (!rendered) continue;
    await queueEmail(tx, { ...rendered, userId: reader.id, to: reader.email, language, kind: type, now: at });
  }
}
