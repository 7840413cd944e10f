import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sandboxIdentityBehaviour } from '#shared/identity.ts';
import type { PaymentEvent } from '../provider.ts';

/**
 * The sandbox's identity sessions. The provider keeps no state, so a session reference carries the
 * person it belongs to and a signature over it: "sbx_idv_<userId>_<nonce>_<mac>". Only this server
 * can make one, and nobody can use another person's.
 */
const PREFIX = 'sbx_idv_';

function mac(secret: string, userId: number, nonce: string) {
  // Its own label, so a session signature can never pass for a bank fingerprint made with the same key.
  return createHmac('sha256', secret)
    .update(`sandbox-identity-session:${userId}:${nonce}`)
    .digest('hex')
    .slice(0, 32);
}

export function newIdentitySessionRef(secret: string, userId: number): string {
  const nonce = randomBytes(12).toString('hex');
  return `${PREFIX}${userId}_${nonce}_${mac(secret, userId, nonce)}`;
}

/** The person a genuine session reference belongs to, or null for anything forged or malformed. */
export function identitySessionOwner(secret: string, ref: string): number | null {
  const match = new RegExp(`^${PREFIX}(\\d{1,10})_([0-9a-f]{24})_([0-9a-f]{32})$`).exec(ref);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, userId, match[2]!));
  const given = Buffer.from(match[3]!);
  return timingSafeEqual(expected, given) ? userId : null;
}

/** The outcome the documented test document numbers ask for; any other number is verified. */
export function identityOutcome(ref: string, documentNumber: string): PaymentEvent {
  switch (sandboxIdentityBehaviour(documentNumber)) {
    case 'document_expired':
      return {
        type: 'identity.failed',
        providerRef: ref,
        failureCode: 'document_expired',
        failureMessage: 'The document has expired (sandbox test document)',
      };
    case 'document_unverified':
      return {
        type: 'identity.failed',
        providerRef: ref,
        failureCode: 'document_unverified_other',
        failureMessage: 'The document could not be verified (sandbox test document)',
      };
    default:
      return { type: 'identity.verified', providerRef: ref };
  }
}
