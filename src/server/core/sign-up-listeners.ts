import type { Db } from '#server/db/client.ts';
import { listenerRegistry } from './listener-registry.ts';

export type SignedUp = { userId: number; referralCode?: string; at: Date };

/** Told of every new account, in the sign-up transaction. */
export type SignUpListener = (tx: Db, signedUp: SignedUp) => Promise<void>;

const listeners = listenerRegistry<string, SignUpListener>();

/** Referrals subscribe here (feature-subscriptions.ts), so auth imports no referral code. */
export function onSignedUp(subscriber: string, listener: SignUpListener) {
  listeners.on(subscriber, listener);
}

export async function userSignedUp(tx: Db, signedUp: SignedUp) {
  await listeners.emit(tx, signedUp);
}
