import { describe, expect, it } from 'vitest';
import { payoutFeeCents } from '#shared/money.ts';
import { problemsAfterKill, problemsWhenConverged } from './crash-checks.ts';
import { CrashModel } from './crash-model.ts';
import type { Snapshot } from './crash-snapshot.ts';

// The crash test passes only if these checks can fail: each is shown a database that breaks one rule.
const admin = { id: 1, auth: {} };
const saver = { id: 2, auth: {} };
const circle = { id: 7, contributionCents: 10_000, payoutOrder: [1, 2, 3] };

function scenario() {
  const model = new CrashModel(admin, [circle], [saver], []);
  model.contributionRequest(circle, 3, 'k-contribution');
  model.recordPayout(circle); // cycle 1 goes to user 1
  model.withdrawalRequest(admin, 5_000, 'k-withdrawal');
  const credit = 30_000 - payoutFeeCents(30_000);
  const snapshot: Snapshot = {
    withdrawals: [
      {
        id: 11,
        user_id: 1,
        request_key: 'k-withdrawal',
        total: 5_250,
        status: 'completed',
        hold_count: 1,
        hold_total: 5_250,
        hold_status: 'captured',
        hold_account: 'wallet:1',
        transfers: 1,
        stranded: false,
      },
    ],
    bankDebits: [],
    contributions: [{ id: 21, group_id: 7, cycle: 1, user_id: 3, status: 'paid', transfers: 1 }],
    wallets: new Map([[1, { user_id: 1, balance: credit - 5_250, held: 0 }]]),
    payouts: 1,
    unrepliedClaims: 0,
    keys: new Map([
      ['1 k-contribution', 200],
      ['1 k-withdrawal', 201],
    ]),
    activeJobs: [],
    invariantProblems: [],
  };
  for (const request of model.requests) request.acked = { status: 200, text: '{}', round: 1 };
  return { model, snapshot };
}

describe('crash checks', () => {
  it('find nothing wrong with a database that matches the requests', () => {
    const { model, snapshot } = scenario();
    expect(problemsAfterKill(snapshot, model)).toEqual([]);
    expect(problemsWhenConverged(snapshot, model)).toEqual({ problems: [], stranded: [] });
  });

  it('catch a withdrawal applied twice, and the money it took', () => {
    const { model, snapshot } = scenario();
    snapshot.withdrawals.push({ ...snapshot.withdrawals[0]!, id: 12 });
    expect(problemsAfterKill(snapshot, model)).toEqual([
      'withdrawal k-withdrawal applied 2 times',
      'acknowledged withdrawal k-withdrawal applied 2 times',
      expect.stringMatching(/^wallet 1 has .* available, its history says/),
    ]);
  });

  it('catch an acknowledged request whose effect is missing', () => {
    const { model, snapshot } = scenario();
    snapshot.withdrawals = [];
    snapshot.contributions[0]!.status = 'pending';
    snapshot.contributions[0]!.transfers = 0;
    expect(problemsAfterKill(snapshot, model)).toEqual([
      'acknowledged withdrawal k-withdrawal applied 0 times',
      'acknowledged contribution k-contribution left it pending',
      'cash record k-contribution: contribution unpaid, key 200',
      expect.stringMatching(/^wallet 1 has .* available, its history says/),
    ]);
  });

  it('catch a cash record whose effect and stored answer are apart', () => {
    const { model, snapshot } = scenario();
    snapshot.keys.set('1 k-contribution', null);
    expect(problemsAfterKill(snapshot, model)).toEqual([
      'cash record k-contribution: contribution paid, key null',
    ]);
    snapshot.keys.delete('1 k-contribution');
    expect(problemsAfterKill(snapshot, model)).toEqual([
      'cash record k-contribution: contribution paid, key absent',
    ]);
  });

  it('catch a payment nobody asked for, a second transfer and a broken ledger', () => {
    const { model, snapshot } = scenario();
    snapshot.contributions.push({ id: 22, group_id: 7, cycle: 1, user_id: 2, status: 'paid', transfers: 2 });
    snapshot.invariantProblems = ['account wallet:1 is negative: -5'];
    expect(problemsAfterKill(snapshot, model)).toEqual([
      'ledger: account wallet:1 is negative: -5',
      'contribution 7:1:2 is paid with 2 transfers',
      'contribution 7:1:2 is paid but nobody asked to pay it',
    ]);
  });

  it('report a settlement stranded by a killed server, and refuse one that is simply stuck', () => {
    const { model, snapshot } = scenario();
    const w = snapshot.withdrawals[0]!;
    Object.assign(w, { status: 'processing', hold_status: 'pending', transfers: 0, stranded: true });
    snapshot.wallets.get(1)!.balance += 5_250;
    snapshot.wallets.get(1)!.held = 5_250;
    expect(problemsWhenConverged(snapshot, model)).toEqual({ problems: [], stranded: ['withdrawal 11'] });
    w.stranded = false;
    expect(problemsWhenConverged(snapshot, model).problems).toEqual([
      'withdrawal 11 (k-withdrawal) is processing with no settlement on its way',
    ]);
  });
});
