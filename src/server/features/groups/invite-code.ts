import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

// No 0/O, 1/I/L: codes get read aloud and typed from a phone screen.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** 8 characters from 31: about 40 bits, with look-ups rate-limited, far beyond guessing. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Whether a typed code is the circle's, in any case and with spaces around it. Compared as digests in
 * constant time, so how long the answer takes says nothing about how much of the code was right.
 */
export function inviteCodeMatches(circleCode: string, typed: string | undefined): boolean {
  const digest = (code: string) => createHash('sha256').update(code.trim().toUpperCase()).digest();
  return timingSafeEqual(digest(circleCode), digest(typed ?? '')) && Boolean(typed?.trim());
}
