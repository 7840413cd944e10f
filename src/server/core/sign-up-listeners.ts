import type { Db } from '#server/db/client.ts';

export type SignedUp = { userId: number; referralCode?: string; at: Date };

/** Told of every new account, in the sign-up transaction. */
export type SignUpListener = (tx: Db, signedUp: SignedUp) => Promise<void>;

// Keyed by subscriber, so subscribing again at another start-up replaces rather than doubles.
const listeners = new Map<string, SignUpListener>();

/** Referrals subscribe here (feature-subscriptions.ts), so auth imports no referral code. */
export function onSignedUp(subscriber: string, listener: SignUpListener) {
  listeners.set(subscriber, listener);
}

export async function userSignedUp(tx: Db, signedUp: SignedUp) {
  for (const listener of listeners.values()) await listener(tx, signedUp);
}
