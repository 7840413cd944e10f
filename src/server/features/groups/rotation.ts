import { createHash, randomBytes } from 'node:crypto';

export function newDrawSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: sha256(seed) };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The verifiable random draw: members sorted by SHA-256("<seed>:<userId>") as hex, ascending.
 * Anyone with the revealed seed and the member ids can recompute it, and check the seed against
 * the hash published while the group was recruiting.
 */
export function drawOrder(seed: string, userIds: number[]): number[] {
  return userIds
    .map((userId) => ({ userId, key: sha256(`${seed}:${userId}`) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.userId - b.userId))
    .map((entry) => entry.userId);
}
