import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { referralCodes } from '#server/db/referrals-schema.ts';

// No 0/O, 1/I/L: codes get read aloud and typed from a phone screen (like invite codes).
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** 8 characters from 31 (about 40 bits): a code says nothing about its owner and is not guessed. */
function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's code, made on first use. A clash with another user's code draws again. */
export async function referralCodeOf(tx: Db, userId: number, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await tx
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // Either unique index may refuse it: the user's row made concurrently, or another user's code.
    await tx
      .insert(referralCodes)
      .values({ userId, code: newReferralCode(), createdAt: now })
      .onConflictDoNothing();
  }
  throw new Error(`could not make a referral code for user ${userId}`);
}

/** Whose code this is, or undefined for a code nobody has. */
export async function referrerOfCode(tx: Db, code: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code.toUpperCase()));
  return row?.userId;
}
