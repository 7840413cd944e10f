import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { userVerifications } from '#server/db/verification-schema.ts';
import type { PostalAddress } from '#shared/schemas/verification.ts';
import { LETTER_CODE_TTL_DAYS, LETTERS_PER_WEEK } from '#shared/verification.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { checkCode, codeRejection, issueCode, newCode } from './codes.ts';
import { sendToOutbox } from './outbox.ts';
import { ownVerification } from './own-verification.ts';
import { lockVerificationRow } from './record.ts';

const DAY = 86_400_000;

/** The address as one line, the way an envelope is read: "12 Harbor St, Apt 4, Springfield, IL 62701, US". */
export function addressLine(address: PostalAddress): string {
  return [
    address.line1,
    address.line2,
    address.city,
    `${address.region} ${address.postalCode}`,
    address.country,
  ]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
}

/**
 * POST /api/verification/address: records the address (pending) and mails a code to it. A person
 * who can read the letter lives there. Sending again replaces the address and the code.
 */
export async function sendAddressCode(
  ctx: AppContext,
  user: SessionUser,
  address: PostalAddress,
  ip: string,
) {
  // Stored as entered, without an empty second line.
  const { line2, ...rest } = address;
  const stored: PostalAddress = line2 ? { ...rest, line2 } : rest;
  const destination = addressLine(stored);
  const code = newCode();
  const now = ctx.clock.now();
  const { expiresAt } = await inTransaction(ctx.database.db, async (tx) => {
    const row = await lockVerificationRow(tx, user.id, now);
    if (row.addressStatus === 'verified') throw new AppError('ALREADY_VERIFIED');
    const issued = await issueCode(tx, {
      userId: user.id,
      channel: 'address',
      destination,
      code,
      now,
      ttlMs: LETTER_CODE_TTL_DAYS * DAY,
      limit: { max: LETTERS_PER_WEEK, windowMs: 7 * DAY },
    });
    await tx
      .update(userVerifications)
      .set({ addressStatus: 'pending', address: stored, updatedAt: now })
      .where(eq(userVerifications.userId, user.id));
    await sendToOutbox(ctx, tx, now, {
      userId: user.id,
      channel: 'mail',
      destination: `${user.fullName}, ${destination}`,
      body: `SaveCircle address check\n\nYour code is ${code}. Enter it in SaveCircle within ${LETTER_CODE_TTL_DAYS} days to confirm that you live at this address.`,
      expiresAt: issued.expiresAt,
      inApp: {
        type: 'verification_code_mailed',
        data: { destination: `${stored.line1}, ${stored.city}`, code, days: LETTER_CODE_TTL_DAYS },
      },
    });
    await recordAudit(tx, {
      action: 'address_code_sent',
      actorUserId: user.id,
      subject: String(user.id),
      ip,
      details: { city: stored.city, country: stored.country },
      at: now,
    });
    return issued;
  });
  return {
    success: true as const,
    message: 'Verification letter sent',
    expiresAt: expiresAt.toISOString(),
  };
}

/** POST /api/verification/address/confirm {code}: the code from the letter. */
export async function confirmAddressCode(ctx: AppContext, user: SessionUser, code: string, ip: string) {
  const now = ctx.clock.now();
  const check = await inTransaction(ctx.database.db, async (tx) => {
    const row = await lockVerificationRow(tx, user.id, now);
    if (row.addressStatus === 'verified') throw new AppError('ALREADY_VERIFIED');
    const result = await checkCode(tx, { userId: user.id, channel: 'address', code, now });
    const verified = result.outcome === 'verified';
    if (verified || result.outcome === 'used_up')
      await tx
        .update(userVerifications)
        .set(
          verified
            ? { addressStatus: 'verified', addressVerifiedAt: now, updatedAt: now }
            : { addressStatus: 'failed', updatedAt: now },
        )
        .where(eq(userVerifications.userId, user.id));
    await recordAudit(tx, {
      action: verified ? 'address_verified' : 'address_code_rejected',
      actorUserId: user.id,
      subject: String(user.id),
      ip,
      details: { outcome: result.outcome },
      at: now,
    });
    return result;
  });
  if (check.outcome !== 'verified') throw codeRejection(check);
  return { success: true as const, verification: await ownVerification(ctx, user.id) };
}
