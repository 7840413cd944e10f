import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { verificationCodes } from '#server/db/verification-schema.ts';
import { MAX_CODE_ATTEMPTS } from '#shared/verification.ts';

export type CodeChannel = 'phone' | 'address';

/** Six digits from the operating system's random source, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * verification_codes stores only this hash, and checks are made against it. A six-digit code has a
 * million values, so the hash alone would not stop someone holding the table; the short life and five
 * tries are what protect it. The hash binds each code to its person and destination. The message
 * that carries the code (the outbox, and the sandbox's bell) does hold it in plain text, until the
 * code expires or the message is sent: outbox-retention.ts removes it then.
 */
function hashCode(userId: number, channel: CodeChannel, destination: string, code: string) {
  return createHash('sha256').update(`${userId}\n${channel}\n${destination}\n${code}`).digest('hex');
}

type IssueInput = {
  userId: number;
  channel: CodeChannel;
  destination: string;
  code: string;
  now: Date;
  ttlMs: number;
  /** At most `max` codes per `windowMs` for this person and channel. */
  limit: { max: number; windowMs: number };
};

/**
 * Records a new code and retires any earlier one still waiting. Call with the person's
 * verification row locked, so two requests cannot both pass the limit.
 */
export async function issueCode(tx: Db, input: IssueInput) {
  const since = new Date(input.now.getTime() - input.limit.windowMs);
  const recent = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.channel, input.channel),
        gt(verificationCodes.createdAt, since),
      ),
    )
    .orderBy(asc(verificationCodes.createdAt));
  if (recent.length >= input.limit.max) {
    const freeAt = recent[0]!.createdAt.getTime() + input.limit.windowMs;
    const seconds = Math.max(1, Math.ceil((freeAt - input.now.getTime()) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', undefined, { 'retry-after': String(seconds) });
  }
  await tx
    .update(verificationCodes)
    .set({ status: 'expired' })
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.channel, input.channel),
        eq(verificationCodes.status, 'sent'),
      ),
    );
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  await tx.insert(verificationCodes).values({
    userId: input.userId,
    channel: input.channel,
    destination: input.destination,
    codeHash: hashCode(input.userId, input.channel, input.destination, input.code),
    createdAt: input.now,
    expiresAt,
  });
  return { expiresAt };
}

/** verified; wrong (tries left); used_up (that was the last try); expired (too late). */
export type CodeCheck =
  | { outcome: 'verified'; destination: string }
  | { outcome: 'wrong' | 'used_up'; attempts: number }
  | { outcome: 'expired' };

/**
 * Checks a code against the person's latest one for the channel, counting a wrong try. The caller
 * commits before answering with an error, so wrong tries count even though the reply fails.
 * `destination`, when given, must be where that code went (a code proves one number).
 */
export async function checkCode(
  tx: Db,
  input: { userId: number; channel: CodeChannel; code: string; now: Date; destination?: string },
): Promise<CodeCheck> {
  const [latest] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.channel, input.channel)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  if (!latest || latest.status === 'used') throw new AppError('NO_CODE_SENT');
  if (input.destination !== undefined && input.destination !== latest.destination)
    throw new AppError('NO_CODE_SENT');
  if (latest.status === 'expired') return { outcome: 'expired' };
  if (input.now.getTime() >= latest.expiresAt.getTime()) {
    await tx.update(verificationCodes).set({ status: 'expired' }).where(eq(verificationCodes.id, latest.id));
    return { outcome: 'expired' };
  }
  const given = Buffer.from(hashCode(input.userId, input.channel, latest.destination, input.code));
  if (timingSafeEqual(given, Buffer.from(latest.codeHash))) {
    await tx.update(verificationCodes).set({ status: 'used' }).where(eq(verificationCodes.id, latest.id));
    return { outcome: 'verified', destination: latest.destination };
  }
  const attempts = latest.attempts + 1;
  const usedUp = attempts >= MAX_CODE_ATTEMPTS;
  await tx
    .update(verificationCodes)
    .set({ attempts, ...(usedUp ? { status: 'expired' as const } : {}) })
    .where(eq(verificationCodes.id, latest.id));
  return { outcome: usedUp ? 'used_up' : 'wrong', attempts };
}

/** The reply for a code that did not verify, after the attempt was committed. */
export function codeRejection(check: Exclude<CodeCheck, { outcome: 'verified' }>): AppError {
  return new AppError(check.outcome === 'wrong' ? 'VERIFICATION_CODE_INVALID' : 'VERIFICATION_CODE_EXPIRED');
}
