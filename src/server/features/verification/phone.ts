import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { userVerifications } from '#server/db/verification-schema.ts';
import { maskPhoneNumber, toE164 } from '#shared/phone.ts';
import { PHONE_CODE_TTL_MINUTES, PHONE_SENDS_PER_HOUR } from '#shared/verification.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { checkCode, codeRejection, issueCode, newCode } from './codes.ts';
import { sendToOutbox } from './outbox.ts';
import { ownVerification } from './own-verification.ts';
import { lockVerificationRow } from './record.ts';

const MINUTE = 60_000;

function e164(text: string) {
  const number = toE164(text);
  if (!number) throw new AppError('VALIDATION_ERROR');
  return number;
}

/** POST /api/verification/phone {phoneNumber}: texts a six-digit code to the number. */
export async function sendPhoneCode(ctx: AppContext, user: SessionUser, phoneNumber: string, ip: string) {
  const number = e164(phoneNumber);
  const masked = maskPhoneNumber(number);
  const code = newCode();
  const now = ctx.clock.now();
  const { expiresAt } = await inTransaction(ctx.database.db, async (tx) => {
    const row = await lockVerificationRow(tx, user.id, now);
    if (row.phoneStatus === 'verified') throw new AppError('ALREADY_VERIFIED');
    const issued = await issueCode(tx, {
      userId: user.id,
      channel: 'phone',
      destination: number,
      code,
      now,
      ttlMs: PHONE_CODE_TTL_MINUTES * MINUTE,
      limit: { max: PHONE_SENDS_PER_HOUR, windowMs: 60 * MINUTE },
    });
    await tx
      .update(userVerifications)
      .set({ phoneStatus: 'pending', phoneNumber: number, updatedAt: now })
      .where(eq(userVerifications.userId, user.id));
    await sendToOutbox(ctx, tx, now, {
      userId: user.id,
      channel: 'sms',
      destination: number,
      body: `Your SaveCircle code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it with anyone.`,
      expiresAt: issued.expiresAt,
      inApp: {
        type: 'verification_code_texted',
        data: { destination: masked, code, minutes: PHONE_CODE_TTL_MINUTES },
      },
    });
    await recordAudit(tx, {
      action: 'phone_code_sent',
      actorUserId: user.id,
      subject: String(user.id),
      ip,
      details: { phoneNumber: masked },
      at: now,
    });
    return issued;
  });
  return {
    success: true as const,
    message: 'Verification code sent',
    phoneNumber: masked,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * POST /api/verification/phone {code, phoneNumber?}: the code proves the number it was sent to is
 * the person's. Without a number (the person came back later) the latest code's number is meant.
 */
export async function confirmPhoneCode(
  ctx: AppContext,
  user: SessionUser,
  code: string,
  phoneNumber: string | undefined,
  ip: string,
) {
  const given = phoneNumber === undefined ? undefined : e164(phoneNumber);
  const now = ctx.clock.now();
  const check = await inTransaction(ctx.database.db, async (tx) => {
    const row = await lockVerificationRow(tx, user.id, now);
    if (row.phoneStatus === 'verified') throw new AppError('ALREADY_VERIFIED');
    const result = await checkCode(tx, { userId: user.id, channel: 'phone', code, now, destination: given });
    if (result.outcome === 'verified' || result.outcome === 'used_up')
      await tx
        .update(userVerifications)
        .set(
          result.outcome === 'verified'
            ? {
                phoneStatus: 'verified',
                phoneNumber: result.destination,
                phoneVerifiedAt: now,
                updatedAt: now,
              }
            : { phoneStatus: 'failed', updatedAt: now },
        )
        .where(eq(userVerifications.userId, user.id));
    await recordAudit(tx, {
      action: result.outcome === 'verified' ? 'phone_verified' : 'phone_code_rejected',
      actorUserId: user.id,
      subject: String(user.id),
      ip,
      details: { phoneNumber: row.phoneNumber && maskPhoneNumber(row.phoneNumber), outcome: result.outcome },
      at: now,
    });
    return result;
  });
  if (check.outcome !== 'verified') throw codeRejection(check);
  return { success: true as const, verification: await ownVerification(ctx, user.id) };
}
