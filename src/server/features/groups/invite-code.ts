import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes get read aloud and typed from a phone screen.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** 8 characters from 31: about 40 bits, with look-ups rate-limited, far beyond guessing. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
