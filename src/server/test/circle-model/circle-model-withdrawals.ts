import { expect } from 'vitest';
import { requestWithdrawal } from '#server/features/withdrawals/request.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import { at, DAY_MS, dollars, largestWithdrawal, WITHDRAWAL_TABLE } from './circle-model-arithmetic.ts';
import { attempt, nextKey, session } from './circle-model-harness.ts';
import { linkBank } from './circle-model-rails.ts';
import {
  type Behaviour,
  heldOf,
  type Model,
  ruleOn,
  verifiedBanks,
  type World,
  walletOf,
} from './circle-model-state.ts';

/** How much to ask for: a share of what is available, all of it, a cent too much, or a fixed sum. */
export type AmountChoice =
  | { kind: 'share'; percent: number }
  | { kind: 'all' | 'over' }
  | { kind: 'fixed'; cents: number };

export type WithdrawCommand = {
  user: number;
  method: WithdrawalMethod;
  amount: AmountChoice;
  /** Link a bank first when the method needs one and there is none (with this behaviour). */
  link: Behaviour | null;
  /** The same request again under its Idempotency-Key; or a different one under the used key. */
  retry: 'same' | 'different' | null;
};

const available = (m: Model, userId: number) => walletOf(m, userId) - heldOf(m, userId);

function amountFor(m: Model, userId: number, method: WithdrawalMethod, choice: AmountChoice): number {
  const most = largestWithdrawal(method, available(m, userId));
  switch (choice.kind) {
    case 'share':
      return Math.max(1, Math.floor((most * choice.percent) / 100));
    case 'all':
      return Math.max(1, most);
    case 'over':
      return most + 1;
    case 'fixed':
      return choice.cents;
  }
}

/**
 * The transaction-limits safeguard: the strictest single and 24-hour caps of the circles (recruiting
 * or running) the member belongs to; the day's total counts every withdrawal not failed, this one too.
 */
function overLimit(w: World, userId: number, cents: number): boolean {
  const rules = w.m.groups
    .filter((g) => g.members.includes(userId) && g.status !== 'completed')
    .map((g) => ruleOn(g, 'transaction_limits'))
    .filter((rule) => rule !== null);
  if (rules.length === 0) return false;
  const now = w.r.clock.now().getTime();
  const today =
    cents +
    w.m.withdrawals
      .filter((x) => x.userId === userId && x.status !== 'failed' && x.createdAt >= now - DAY_MS)
      .reduce((sum, x) => sum + x.amountCents, 0);
  return (
    cents > Math.min(...rules.map((r) => r.perWithdrawalCents!)) ||
    today > Math.min(...rules.map((r) => r.dailyCents!))
  );
}

/** A withdrawal from the wallet: held (amount + fee) until the processor pays it out or fails it. */
export async function withdrawStep(w: World, cmd: WithdrawCommand, label: string) {
  const { m } = w;
  const rich = m.users.filter((u) => available(m, u) > 0);
  const userId = cmd.user % 5 !== 0 && rich.length > 0 ? at(rich, cmd.user) : at(m.users, cmd.user);
  const rule = WITHDRAWAL_TABLE[cmd.method];
  if (cmd.link && rule.toBank && verifiedBanks(m, userId).length === 0)
    await linkBank(w, userId, cmd.link, true);
  const cents = amountFor(m, userId, cmd.method, cmd.amount);
  const fee = rule.fee(cents);
  const bank = rule.toBank ? verifiedBanks(m, userId)[0] : undefined;
  const expected: ErrorCode | null =
    cents < rule.min || cents > rule.max
      ? 'WITHDRAWAL_AMOUNT_OUT_OF_RANGE'
      : rule.toBank && !bank
        ? 'BANK_ACCOUNT_REQUIRED'
        : cents + fee > available(m, userId)
          ? 'INSUFFICIENT_FUNDS'
          : overLimit(w, userId, cents)
            ? 'WITHDRAWAL_OVER_LIMIT'
            : null;
  const input = {
    method: cmd.method,
    amount: dollars(cents),
    recipientInfo: rule.toBank ? undefined : '12 Harbour Road, Accra',
  };
  const key = cmd.retry ? nextKey(m, 'withdrawal') : undefined;
  const call = async () => (await requestWithdrawal(w.r.ctx, session(m, userId), input, key)).withdrawal;
  const done = await attempt(w, label, expected, call);
  if (done) {
    expect(done, label).toMatchObject({
      userId,
      method: cmd.method,
      amountCents: cents,
      feeCents: fee,
      status: 'processing',
    });
    const withdrawal = {
      id: done.id,
      userId,
      method: cmd.method,
      amountCents: cents,
      feeCents: fee,
      status: 'processing' as const,
      createdAt: w.r.clock.now().getTime(),
      // Wires and checks go to details the sandbox cannot test against: they always arrive.
      fails: bank?.behaviour === 'payout_fails',
    };
    m.withdrawals.push(withdrawal);
    m.events.push({ kind: 'withdrawal', withdrawal });
    w.stats.withdrawals += 1;
    w.stats.withdrawalsByMethod[cmd.method] = (w.stats.withdrawalsByMethod[cmd.method] ?? 0) + 1;
  }
  if (!cmd.retry) return;
  w.stats.keyedRetries += 1;
  if (cmd.retry === 'different' && done) {
    // Another amount under a key already used is refused (after the range check), nothing held.
    const other = { ...input, amount: dollars(cents + 1) };
    const refusal = cents + 1 > rule.max ? 'WITHDRAWAL_AMOUNT_OUT_OF_RANGE' : 'IDEMPOTENCY_CONFLICT';
    await attempt(w, `${label} (other amount, same key)`, refusal, () =>
      requestWithdrawal(w.r.ctx, session(m, userId), other, key).then((r) => r.withdrawal),
    );
    return;
  }
  // The same Idempotency-Key again is the same withdrawal: nothing more is held.
  const again = await attempt(w, `${label} (retried)`, done ? null : expected, call);
  if (done) expect(again?.id, `${label}: the retry is the same withdrawal`).toBe(done.id);
}
