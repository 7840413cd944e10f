import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane.
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the username is unknown keeps both failures equally slow.
const unknownUserHash = hashPassword('unknown user placeholder');

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await unknownUserHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

// About 49,000 of the passwords most often found in breaches (zxcvbn's list).
const commonPasswords = new Set(dictionary['passwords-common'] as string[]);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
