import type { Member } from '#web/lib/group-detail.ts';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type DrawCheck = { hashMatches: boolean; orderMatches: boolean };

/**
 * Recomputes the published random draw in the browser: the seed must hash to the published
 * SHA-256, and the rotation must be the members sorted by SHA-256("<seed>:<userId>") ascending
 * (ties, which never happen in practice, by user id), exactly as the server documents it.
 */
export async function checkDraw(seed: string, seedHash: string, members: Member[]): Promise<DrawCheck> {
  const hashMatches = (await sha256Hex(seed)) === seedHash.toLowerCase();
  const keyed = await Promise.all(
    members.map(async (m) => ({ userId: m.userId, key: await sha256Hex(`${seed}:${m.userId}`) })),
  );
  const expected = keyed
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.userId - b.userId))
    .map((entry) => entry.userId);
  const actual = [...members]
    .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER))
    .map((m) => m.userId);
  const orderMatches =
    members.every((m) => m.position !== null) && expected.every((userId, i) => actual[i] === userId);
  return { hashMatches, orderMatches };
}

export function canVerifyInBrowser(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
}
