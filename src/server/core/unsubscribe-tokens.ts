import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '#shared/schemas/settings.ts';
import { NOTIFICATION_KINDS } from '#shared/schemas/settings.ts';

/**
 * The unsubscribe link of a non-security email: "<userId>.<kind>.<signature>". It turns one kind of
 * email off for one user without signing in, so it needs no expiry and grants nothing else. Signed
 * with a key derived from the fingerprint secret (set in production), kept apart by its label.
 */
function signature(secret: string, userId: number, kind: NotificationKind): string {
  const key = createHmac('sha256', secret).update('savecircle unsubscribe v1').digest();
  return createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

/** The user and kind a token names, or null when anything in it is wrong. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NotificationKind } | null {
  const [id, kind, given, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !kind || !given || !/^\d{1,10}$/.test(id)) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind) || kind === 'security') return null;
  const userId = Number(id);
  const expected = Buffer.from(signature(secret, userId, kind as NotificationKind));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
