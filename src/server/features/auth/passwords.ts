import { hash, verify } from '@node-rs/argon2';

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

// About 49,000 of the passwords most often found in breaches (zxcvbn's list), read when a password is
// first chosen: a server that only signs members in does not hold it (about 4 MB of heap).
let commonPasswords: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'] as string[]),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
