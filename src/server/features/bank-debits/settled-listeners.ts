import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import type { Db } from '#server/db/client.ts';
import type { BankDebit } from './start-debit.ts';

/** Told of every debit that succeeded or failed, in the settling transaction (holding the group lock). */
export type DebitSettledListener = (ctx: AppContext, tx: Db, group: Group, debit: BankDebit) => Promise<void>;

// Keyed by subscriber, so subscribing again at another start-up replaces rather than doubles.
const listeners = new Map<string, DebitSettledListener>();

/** Auto-pay subscribes here (feature-subscriptions.ts), so bank debits import no auto-pay code. */
export function onDebitSettled(subscriber: string, listener: DebitSettledListener) {
  listeners.set(subscriber, listener);
}

export async function debitSettled(ctx: AppContext, tx: Db, group: Group, debit: BankDebit) {
  for (const listener of listeners.values()) await listener(ctx, tx, group, debit);
}
