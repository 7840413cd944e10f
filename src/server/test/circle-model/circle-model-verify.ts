import { expect } from 'vitest';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { sumBy } from './circle-model-arithmetic.ts';
import { type Snapshot, snapshot } from './circle-model-snapshot.ts';
import { adoptProposalIds, standingOf } from './circle-model-standing.ts';
import { heldOf, type MGroup, type World } from './circle-model-state.ts';

const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
const ofGroup = <T extends { groupId: number }>(list: T[], id: number) =>
  list.filter((x) => x.groupId === id);
const without = <T extends { groupId: number }>({ groupId: _, ...rest }: T) => rest;

/** The invariants PRODUCT.md lists that need no model, straight from the database. */
function checkInvariants(s: Snapshot, label: string) {
  const balance = new Map(s.accountRows.map((a) => [a.key, a.balance]));
  const once = (keys: string[], what: string) => {
    const seen = new Set<string>();
    for (const key of keys) {
      expect(seen.has(key), `${label}: ${what} (${key})`).toBe(false);
      seen.add(key);
    }
  };
  once(
    s.contributionRows.map((c) => `${c.groupId}:${c.cycle}:${c.userId}`),
    'one contribution per member and cycle',
  );
  once(
    s.payoutRows.map((p) => `${p.groupId}:${p.cycle}`),
    'a cycle pays out at most once',
  );
  once(
    s.debitRows
      .filter((d) => d.status === 'processing' || d.status === 'requested')
      .map((d) => `${d.contributionId}`),
    'one debit in flight per contribution',
  );
  once(
    s.debitRows.filter((d) => d.status === 'succeeded').map((d) => `${d.contributionId}`),
    'a contribution is pulled from the bank at most once',
  );
  for (const [key, cents] of Object.entries(s.held))
    expect(cents, `${label}: ${key} holds no more than its balance`).toBeLessThanOrEqual(
      balance.get(key) ?? 0,
    );
  for (const g of s.groupRows) {
    const members = ofGroup(s.memberRows, g.id).length;
    expect(members, `${label}: group ${g.id} member rows = current members`).toBe(g.currentMembers);
    expect(members, `${label}: group ${g.id} within its limit`).toBeLessThanOrEqual(g.memberLimit);
    if (g.status !== 'completed') continue;
    const out =
      sumBy(ofGroup(s.payoutRows, g.id), (p) => p.amountCents + p.feeCents) +
      Number(s.distributed[g.id] ?? 0) +
      (balance.get(`reserve:${g.id}`) ?? 0);
    // What came in from outside the circle's accounts (contributions, also forfeited ones, penalties
    // and debts paid), as the removal property test states it: departures move money only inside.
    const inn = Number(s.seeded[g.id] ?? 0) + Number(s.paidIn[g.id] ?? 0);
    expect(
      out,
      `${label}: group ${g.id} completed: payouts + fees + distributions + reserve = seed + money paid in`,
    ).toBe(inn);
    const escrows = s.accountRows.filter((a) => a.key.startsWith(`escrow:${g.id}:`) && a.balance !== 0);
    expect(escrows, `${label}: group ${g.id} completed: escrow empty`).toEqual([]);
  }
}

/** A group as the database has it, in the model's shape. */
function actualGroup(s: Snapshot, id: number, balanceOf: (key: string) => number) {
  const g = s.groupRows.find((x) => x.id === id);
  return {
    id,
    status: g?.status,
    currentMembers: g?.currentMembers,
    memberLimit: g?.memberLimit,
    currentCycle: g?.currentCycle,
    frozen: g?.frozen,
    members: ofGroup(s.memberRows, id)
      .map(without)
      .sort((a, b) => a.userId - b.userId),
    cycles: ofGroup(s.cycleRows, id)
      .sort((a, b) => a.number - b.number)
      .map(({ groupId: _, recipientUserId, ...c }) => ({ ...c, recipient: recipientUserId })),
    contributions: byId(ofGroup(s.contributionRows, id)).map(without),
    payouts: ofGroup(s.payoutRows, id)
      .sort((a, b) => a.cycle - b.cycle)
      .map(without),
    reserve: balanceOf(`reserve:${id}`),
    distributed: Number(s.distributed[id] ?? 0),
    escrow: Object.fromEntries(
      s.accountRows
        .filter((a) => a.key.startsWith(`escrow:${id}:`) && a.balance !== 0)
        .map((a) => [Number(a.key.split(':')[2]), a.balance]),
    ),
    debits: byId(ofGroup(s.debitRows, id)).map(without),
    schedules: ofGroup(s.scheduleRows, id)
      .map(without)
      .sort((a, b) => a.userId - b.userId),
    safeguards: ofGroup(s.safeguardRows, id)
      .map(without)
      .sort((a, b) => a.type.localeCompare(b.type)),
    actions: byId(ofGroup(s.actionRows, id)).map(without),
    disputes: byId(ofGroup(s.disputeRows, id)).map(without),
    debts: byId(ofGroup(s.debtRows, id)).map(without),
  };
}

/** A group as the model has it. */
function expectedGroup(w: World, g: MGroup) {
  return {
    id: g.id,
    status: g.status,
    currentMembers: g.members.length,
    memberLimit: g.limit,
    currentCycle: g.currentCycle,
    frozen: g.frozen,
    members: g.members
      .map((userId) => ({
        userId,
        position: g.status === 'recruiting' ? null : g.order.indexOf(userId) + 1,
        role: userId === g.admin ? 'admin' : 'member',
        status: standingOf(g, userId),
      }))
      .sort((a, b) => a.userId - b.userId),
    cycles: g.cycles.map(({ paidOut, ...c }) => ({
      ...c,
      status: paidOut ? 'paid_out' : c.number === g.currentCycle ? 'collecting' : 'upcoming',
    })),
    contributions: byId(g.contributions),
    payouts: [...g.payouts].sort((a, b) => a.cycle - b.cycle),
    reserve: g.reserveCents,
    distributed: g.distributedCents,
    escrow: Object.fromEntries([...g.escrowCents].filter(([, cents]) => cents !== 0)),
    debits: byId(w.m.debits.filter((d) => d.groupId === g.id)).map((d) => ({
      id: d.id,
      contributionId: d.contributionId,
      userId: d.userId,
      bankId: d.bankId,
      amountCents: g.cents,
      source: d.source,
      attempt: d.attempt,
      status: d.status,
    })),
    schedules: [...g.schedules]
      .map(([userId, s]) => ({ userId, bankId: s.bankId, status: s.status, failureCount: s.failureCount }))
      .sort((a, b) => a.userId - b.userId),
    safeguards: [...g.safeguards]
      .map(([type, s]) => ({ type, enabled: s.enabled, configuration: s.config }))
      .sort((a, b) => a.type.localeCompare(b.type)),
    actions: byId(g.actions).map((a) => ({
      id: a.id,
      type: a.type,
      requestedBy: a.requestedBy,
      requiredApprovals: a.required,
      status: a.status,
      executed: a.executed,
      blockedBy: a.blockedBy,
      approvers: [...a.approvers].sort((x, y) => x - y),
    })),
    disputes: byId(g.disputes),
    debts: byId(g.debts).map((d) => ({ ...d, settled: d.paidCents >= d.amountCents })),
  };
}

/** The database, read back in the model's shape, and the invariants that need no model. */
export async function verify(w: World, label: string) {
  const { m, r } = w;
  await adoptProposalIds(w);
  expect(await checkLedgerInvariants(r.db), `${label}: ledger invariants`).toEqual([]);
  const s = await snapshot(
    r.db,
    m.groups.map((g) => g.id),
    m.users,
  );
  checkInvariants(s, label);
  const balance = new Map(s.accountRows.map((a) => [a.key, a.balance]));
  const balanceOf = (key: string) => balance.get(key) ?? 0;
  const actual = {
    groups: m.groups.map((g) => actualGroup(s, g.id, balanceOf)),
    wallets: Object.fromEntries(m.users.map((u) => [u, balanceOf(`wallet:${u}`)])),
    held: Object.fromEntries(m.users.map((u) => [u, Number(s.held[`wallet:${u}`] ?? 0)])),
    withdrawals: byId(s.withdrawalRows),
    fees: balanceOf('fee_revenue') - r.base.fee!,
    cash: balanceOf('external:cash') - r.base.cash!,
    bank: balanceOf('external:bank') - r.base.bank!,
  };
  const expected = {
    groups: m.groups.map((g) => expectedGroup(w, g)),
    wallets: Object.fromEntries(m.users.map((u) => [u, m.wallets.get(u) ?? 0])),
    held: Object.fromEntries(m.users.map((u) => [u, heldOf(m, u)])),
    withdrawals: byId(m.withdrawals).map(({ createdAt: _, fails: __, ...x }) => x),
    fees: m.feeCents,
    cash: m.cashCents,
    bank: m.bankCents,
  };
  expect(actual, `${label}: database = model`).toEqual(expected);
}
