import type { Db } from '#server/db/client.ts';

export type ContributionPaid = { contributionId: number; groupId: number; userId: number; at: Date };

/** Told of every contribution that became paid, in the settling transaction. */
export type ContributionPaidListener = (tx: Db, paid: ContributionPaid) => Promise<void>;

// Keyed by subscriber, so subscribing again at another start-up replaces rather than doubles.
const listeners = new Map<string, ContributionPaidListener>();

/** Referrals subscribe here (feature-subscriptions.ts), so groups import no referral code. */
export function onContributionPaid(subscriber: string, listener: ContributionPaidListener) {
  listeners.set(subscriber, listener);
}

export async function contributionPaid(tx: Db, paid: ContributionPaid) {
  for (const listener of listeners.values()) await listener(tx, paid);
}
