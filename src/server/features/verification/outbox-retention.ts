import { and, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { notifications } from '#server/db/groups-schema.ts';
import { outboxMessages } from '#server/db/verification-schema.ts';

/** What a message that carried a one-time code says once the code is gone. */
export const REMOVED_BODY = '[removed: the one-time code in this message has expired or was delivered]';
/** The code in a sandbox bell notification, once it has expired. */
export const REMOVED_CODE = '••••••';

/**
 * Due work: one-time codes are kept in plain text only while someone may still need to read them.
 * An outbox message loses its body once a carrier has sent it or its code has expired; a sandbox bell
 * notification (which stands in for the phone or the letterbox) has its code masked once it expired.
 * Both are idempotent updates, so overlapping passes are harmless.
 */
export async function removeSpentCodes(ctx: AppContext) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const outbox = await db
    .update(outboxMessages)
    .set({ body: REMOVED_BODY })
    .where(
      and(
        isNotNull(outboxMessages.expiresAt),
        ne(outboxMessages.body, REMOVED_BODY),
        or(isNotNull(outboxMessages.sentAt), lte(outboxMessages.expiresAt, now)),
      ),
    )
    .returning({ id: outboxMessages.id });
  const at = sql`${now.toISOString()}::timestamptz`;
  const bell = await db
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{code}', to_jsonb(${REMOVED_CODE}::text))` })
    .where(
      and(
        inArray(notifications.type, ['verification_code_texted', 'verification_code_mailed']),
        ne(sql`${notifications.data}->>'code'`, REMOVED_CODE),
        or(
          sql`${notifications.type} = 'verification_code_texted' and ${notifications.createdAt} + make_interval(mins => (${notifications.data}->>'minutes')::int) <= ${at}`,
          sql`${notifications.type} = 'verification_code_mailed' and ${notifications.createdAt} + make_interval(days => (${notifications.data}->>'days')::int) <= ${at}`,
        ),
      ),
    )
    .returning({ id: notifications.id });
  return outbox.length + bell.length;
}
