import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { listenerRegistry } from '#server/core/listener-registry.ts';
import type { Db } from '#server/db/client.ts';
import type { BankDebit } from './start-debit.ts';

/** Told of every debit that succeeded or failed, in the settling transaction (holding the group lock). */
export type DebitSettledListener = (ctx: AppContext, tx: Db, group: Group, debit: BankDebit) => Promise<void>;

const listeners = listenerRegistry<string, DebitSettledListener>();

/** Auto-pay subscribes here (feature-subscriptions.ts), so bank debits import no auto-pay code. */
export function onDebitSettled(subscriber: string, listener: DebitSettledListener) {
  listeners.on(subscriber, listener);
}

export async function debitSettled(ctx: AppContext, tx: Db, group: Group, debit: BankDebit) {
  await listeners.emit(ctx, tx, group, debit);
}
