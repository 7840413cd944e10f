import { expect } from 'vitest';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { cancelAutoPay, setupAutoPay } from '#server/features/autopay/setup.ts';
import { requestBankDebit } from '#server/features/bank-debits/request.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { attempt, contributionOf, nextKey, session } from './circle-model-harness.ts';
import { contributionRefusal } from './circle-model-money.ts';
import {
  type Behaviour,
  type MDebit,
  type MGroup,
  type Model,
  verifiedBanks,
  type World,
} from './circle-model-state.ts';

/**
 * Payment rails in the model: sandbox bank accounts whose test behaviour decides the processor's
 * answer, contributions pulled by bank debit (paid only when the bank settles), auto-pay on and
 * off. The bank settling is circle-model-settle.ts.
 */

/** A linked sandbox account, inserted as the connect page would leave it (no micro-deposit dance). */
export async function linkBank(w: World, userId: number, behaviour: Behaviour, verified: boolean) {
  const n = nextKey(w.m, 'bank');
  const now = w.r.clock.now();
  const [row] = await w.r.db
    .insert(bankAccounts)
    .values({
      userId,
      provider: 'sandbox',
      providerRef: `sbx_ba_model_${userId}_${n}`,
      providerData: { testBehaviour: behaviour },
      bankName: 'Model Credit Union',
      last4: '6789',
      fingerprint: `fp-model-${userId}-${n}`,
      accountType: 'checking',
      status: verified ? 'verified' : 'connected',
      verifiedAt: verified ? now : null,
    })
    .returning({ id: bankAccounts.id });
  const list = w.m.banks.get(userId) ?? [];
  list.push({ id: row!.id, behaviour, verified });
  w.m.banks.set(userId, list);
  w.stats.banksLinked += 1;
}

/** The account money is pulled from: the oldest verified one; refusals as verifiedAccountFor's. */
function debitAccount(m: Model, userId: number) {
  const banks = m.banks.get(userId) ?? [];
  const bank = verifiedBanks(m, userId)[0];
  const refusal: ErrorCode | null =
    banks.length === 0 ? 'NO_BANK_ACCOUNT' : !bank ? 'BANK_ACCOUNT_NOT_VERIFIED' : null;
  return { bank, refusal };
}

/** A debit the processor now has: the contribution is processing until the bank settles. */
export function startDebit(
  w: World,
  g: MGroup,
  fields: Omit<MDebit, 'groupId' | 'status' | 'startedAt' | 'settledAt'>,
) {
  const debit: MDebit = {
    ...fields,
    groupId: g.id,
    status: 'processing',
    startedAt: w.r.clock.now().getTime(),
    settledAt: null,
  };
  g.contributions.find((c) => c.id === debit.contributionId)!.status = 'processing';
  w.m.debits.push(debit);
  return debit;
}

/** Make Contribution by bank; with `retry`, the same request again under its Idempotency-Key. */
export async function requestDebit(
  w: World,
  g: MGroup,
  userId: number,
  cycle: number | undefined,
  retry: boolean,
  label: string,
) {
  const row = contributionOf(g, cycle ?? g.currentCycle, userId);
  const { bank, refusal } = debitAccount(w.m, userId);
  const expected = !g.members.includes(userId)
    ? 'GROUP_NOT_FOUND'
    : g.frozen
      ? 'GROUP_FROZEN'
      : (contributionRefusal(g, row) ?? (row?.status === 'reported' ? 'CONTRIBUTION_REPORTED' : refusal));
  const key = retry ? nextKey(w.m, 'debit') : null;
  const call = () => requestBankDebit(w.r.ctx, session(w.m, userId), g.id, cycle ? { cycle } : {}, key);
  const done = await attempt(w, label, expected, call);
  if (done && row && bank) {
    expect(done, label).toMatchObject({
      contributionId: row.id,
      status: 'processing',
      source: 'manual',
      attempt: 1,
    });
    const debit = startDebit(w, g, {
      id: done.id,
      contributionId: row.id,
      userId,
      bankId: bank.id,
      behaviour: bank.behaviour,
      source: 'manual',
      attempt: 1,
    });
    w.m.events.push({ kind: 'debit', debit });
    w.stats.debitsManual += 1;
  }
  if (!retry) return;
  // A keyed retry finds the debit this request started, or refuses as before: no second effect.
  const again = await attempt(w, `${label} (retried)`, done ? null : expected, call);
  if (done) expect(again?.id, `${label}: the retry is the same debit`).toBe(done.id);
  w.stats.keyedRetries += 1;
}

/** Auto-pay on (from the oldest verified account) or off, for oneself; `actor` may be someone else. */
export async function toggleAutopay(
  w: World,
  g: MGroup,
  actor: number,
  userId: number,
  on: boolean,
  label: string,
) {
  const schedule = g.schedules.get(userId);
  const { bank, refusal } = debitAccount(w.m, actor);
  const expected: ErrorCode | null =
    actor !== userId
      ? 'AUTOPAY_NOT_YOURS'
      : !g.members.includes(actor)
        ? 'GROUP_NOT_FOUND'
        : on
          ? g.status === 'completed'
            ? 'GROUP_NOT_ACTIVE'
            : refusal
          : !schedule || schedule.status === 'inactive'
            ? 'AUTOPAY_NOT_ACTIVE'
            : null;
  const done = await attempt(w, label, expected, () =>
    on
      ? setupAutoPay(w.r.ctx, session(w.m, actor), g.id, userId, undefined)
      : cancelAutoPay(w.r.ctx, session(w.m, actor), g.id, userId),
  );
  if (!done) return;
  if (on) {
    g.schedules.set(userId, {
      bankId: bank!.id,
      status: 'active',
      failureCount: schedule?.failureCount ?? 0,
    });
    w.stats.autopayOn += 1;
  } else {
    schedule!.status = 'inactive';
    w.stats.autopayOff += 1;
  }
  expect(done.status, label).toBe(g.schedules.get(userId)!.status);
}
