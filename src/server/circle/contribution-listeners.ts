import { listenerRegistry } from '#server/core/listener-registry.ts';
import type { Db } from '#server/db/client.ts';

export type ContributionPaid = { contributionId: number; groupId: number; userId: number; at: Date };

/** Told of every contribution that became paid, in the settling transaction. */
export type ContributionPaidListener = (tx: Db, paid: ContributionPaid) => Promise<void>;

const listeners = listenerRegistry<string, ContributionPaidListener>();

/** Referrals subscribe here (feature-subscriptions.ts), so groups import no referral code. */
export function onContributionPaid(subscriber: string, listener: ContributionPaidListener) {
  listeners.on(subscriber, listener);
}

export async function contributionPaid(tx: Db, paid: ContributionPaid) {
  await listeners.emit(tx, paid);
}
