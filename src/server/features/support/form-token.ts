import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONTACT_MIN_FILL_MS } from '#shared/schemas/support.ts';

/** A signed form older than this is stale; the page fetches a new one when it opens. */
const FORM_TOKEN_LIFETIME_MS = 24 * 3_600_000;

/**
 * The contact form's token, "<issuedAtMs>.<signature>": proof of when the page was opened, so a
 * submission sooner than a person can type (CONTACT_MIN_FILL_MS) is refused (decision 0034). Signed
 * with a key derived from the fingerprint secret, kept apart from its other uses by the label.
 */
function signature(secret: string, issuedAt: number): string {
  const key = createHmac('sha256', secret).update('savecircle contact form v1').digest();
  return createHmac('sha256', key).update(String(issuedAt)).digest('base64url').slice(0, 32);
}

export function contactFormToken(secret: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signature(secret, issuedAt)}`;
}

/** Whether a token is genuine, at least CONTACT_MIN_FILL_MS old and not stale. */
export function formTokenAcceptable(secret: string, token: string, now: Date): boolean {
  const [issued, given, ...rest] = token.split('.');
  if (rest.length > 0 || !issued || !given || !/^\d{1,15}$/.test(issued)) return false;
  const issuedAt = Number(issued);
  const expected = Buffer.from(signature(secret, issuedAt));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  const age = now.getTime() - issuedAt;
  return age >= CONTACT_MIN_FILL_MS && age <= FORM_TOKEN_LIFETIME_MS;
}
