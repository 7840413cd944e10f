import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { newSignInEmail } from '#server/email/templates/new-sign-in.ts';

const NEW_DEVICE_WINDOW_MS = 90 * 24 * 3_600_000;

type Account = { id: number; email: string; fullName: string; language: string; timeZone: string };

/**
 * Whether the account signed in (or up) with a browser of this label in the last 90 days. Sessions
 * are swept after a week, so the sign-in audit rows (which carry the label) are what remembers.
 */
async function seenLately(tx: Db, userId: number, device: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorUserId, userId),
        inArray(auditLog.action, ['login_success', 'sign_up']),
        gt(auditLog.at, new Date(now.getTime() - NEW_DEVICE_WINDOW_MS)),
        sql`${auditLog.details}->>'device' = ${device}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Before the sign-in is recorded: a security email when this browser is new to the account. */
export async function warnOfNewDevice(
  tx: Db,
  user: Account,
  device: string,
  now: Date,
  base: string | undefined,
) {
  if (!base || (await seenLately(tx, user.id, device, now))) return;
  const language = emailLanguage(user.language);
  const message = newSignInEmail(
    language,
    user.fullName,
    device,
    now,
    user.timeZone,
    `${base}/forgot-password`,
  );
  await queueEmail(tx, { ...message, userId: user.id, to: user.email, language, kind: 'new_sign_in', now });
}
