import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contributions,
  cycles,
  defaultPenalties,
  groupMembers,
  groups,
  payouts,
} from '#server/db/groups-schema.ts';
import { memberDebts } from '#server/db/membership-schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY, everyonePaysCash, fundWallet, type Person } from '#server/test/circles.ts';
import { del, get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const C = 10_000;

describe.each(testEngines)('leaving and removal on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
  });
  afterAll(() => t.close());

  const healthy = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);
  const remove = (groupId: number, userId: number, who: Person) =>
    del(t.app, `/api/groups/${groupId}/members/${userId}`, who.auth);
  const leave = (groupId: number, who: Person) => post(t.app, `/api/groups/${groupId}/leave`, {}, who.auth);
  const preview = (groupId: number, userId: number, who: Person) =>
    get(t.app, `/api/groups/${groupId}/members/${userId}/removal-preview`, who.auth);
  const groupRow = async (groupId: number) =>
    (await t.db.select().from(groups).where(eq(groups.id, groupId)))[0]!;
  const byPosition = async (groupId: number) =>
    t.db
      .select({ userId: groupMembers.userId, position: groupMembers.position })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(asc(groupMembers.position));
  const recipients = async (groupId: number) =>
    (
      await t.db
        .select({ number: cycles.number, recipient: cycles.recipientUserId })
        .from(cycles)
        .where(eq(cycles.groupId, groupId))
        .orderBy(asc(cycles.number))
    ).map((c) => [c.number, c.recipient]);
  const debtsOf = async (groupId: number) =>
    t.db.select().from(memberDebts).where(eq(memberDebts.groupId, groupId)).orderBy(asc(memberDebts.id));
  const payOut = async (groupId: number, admin: Person, cycleNumber: number) => {
    const reply = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber }, admin.auth);
    expect(reply.statusCode, reply.body).toBe(200);
  };
  /** Members in rotation order (position 1 first). */
  const inOrder = async (groupId: number, people: Person[]) =>
    (await byPosition(groupId)).map((m) => people.find((p) => p.id === m.userId)!);

  async function recruitingCircle(limit: number, joined: number) {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Harbor tanda',
        contributionAmount: '100.00',
        memberLimit: limit,
        frequency: 'monthly',
        contributionDay: 15,
        startDate: new Date(t.clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10),
        gracePeriodDays: 3,
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    const members = [admin];
    for (let i = 1; i < joined; i++) {
      const m = await signUp(t.app);
      expect(
        (await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth))
          .statusCode,
      ).toBe(200);
      members.push(m);
    }
    return { admin, members, groupId: group.id as number };
  }

  it('recruiting: a member leaves and an admin removes another; each frees a seat; never oneself, never the owner', async () => {
    const { admin, members, groupId } = await recruitingCircle(5, 4);
    const [, a, b, c] = members as [Person, Person, Person, Person];
    const own = (await preview(groupId, a.id, a)).json();
    expect(own).toMatchObject({ case: 'recruiting', forfeitedCents: 0, debtCents: 0, needsVote: false });
    expect((await preview(groupId, b.id, a)).json().code).toBe('NOT_GROUP_ADMIN');
    expect((await leave(groupId, a)).json()).toMatchObject({ success: true, status: 'removed' });
    expect((await groupRow(groupId)).currentMembers).toBe(3);
    expect((await remove(groupId, b.id, c)).json().code).toBe('NOT_GROUP_ADMIN');
    const outsider = await signUp(t.app);
    expect((await remove(groupId, b.id, outsider)).statusCode).toBe(404);
    const removed = await remove(groupId, b.id, admin);
    expect(removed.json()).toMatchObject({ success: true, status: 'removed', message: 'Member Removed' });
    expect((await groupRow(groupId)).currentMembers).toBe(2);
    expect((await byPosition(groupId)).map((m) => m.position)).toEqual([null, null]);
    expect((await remove(groupId, b.id, admin)).json().code).toBe('MEMBER_NOT_FOUND');
    expect((await remove(groupId, admin.id, admin)).json().code).toBe('CANNOT_REMOVE_SELF');
    expect((await leave(groupId, admin)).json().code).toBe('OWNER_CANNOT_LEAVE');
    // The freed seats are open again: two more can join and the circle still fills at five.
    const { inviteCode } = (await get(t.app, `/api/groups/${groupId}`, admin.auth)).json().group;
    for (let i = 0; i < 3; i++) {
      const m = await signUp(t.app);
      expect((await post(t.app, `/api/groups/${groupId}/join`, { inviteCode }, m.auth)).statusCode).toBe(200);
    }
    expect((await groupRow(groupId)).status).toBe('active');
    await healthy();
  });

  it('only the owner removes a co-admin; a co-admin removes members', async () => {
    const { admin, members, groupId } = await activeCircle(t, 5);
    const [, co1, co2, m3] = members as [Person, Person, Person, Person];
    await t.db
      .update(groupMembers)
      .set({ role: 'admin' })
      .where(and(eq(groupMembers.groupId, groupId), sql`${groupMembers.userId} in (${co1.id}, ${co2.id})`));
    expect((await remove(groupId, co2.id, co1)).json().code).toBe('ONLY_OWNER_REMOVES_ADMIN');
    expect((await remove(groupId, admin.id, co1)).json().code).toBe('OWNER_CANNOT_LEAVE');
    expect((await remove(groupId, m3.id, co1)).json().status).toBe('removed');
    expect((await remove(groupId, co2.id, admin)).json().status).toBe('removed');
    expect((await groupRow(groupId)).memberLimit).toBe(3);
    await healthy();
  });

  it('refuses while a bank debit is on its way, while frozen, and once completed', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const target = members[2]!;
    await t.db
      .update(contributions)
      .set({ status: 'processing' })
      .where(and(eq(contributions.groupId, groupId), eq(contributions.userId, target.id)));
    expect((await remove(groupId, target.id, admin)).json().code).toBe('REMOVAL_WAITS_FOR_DEBIT');
    expect((await leave(groupId, target)).json().code).toBe('REMOVAL_WAITS_FOR_DEBIT');
    await t.db
      .update(contributions)
      .set({ status: 'pending' })
      .where(and(eq(contributions.groupId, groupId), eq(contributions.userId, target.id)));
    await t.db.update(groups).set({ frozen: true }).where(eq(groups.id, groupId));
    expect((await remove(groupId, target.id, admin)).json().code).toBe('GROUP_FROZEN');
    await t.db.update(groups).set({ frozen: false, status: 'completed' }).where(eq(groups.id, groupId));
    expect((await leave(groupId, target)).json().code).toBe('GROUP_COMPLETED');
  });

  it('turn still ahead: forfeit to the reserve, the circle shrinks, later turns move up, earlier recipients owe one contribution', async () => {
    const { admin, members, groupId } = await activeCircle(t, 5);
    const order = await inOrder(groupId, members);
    const [p1, p2, p3, leaver, p5] = order as [Person, Person, Person, Person, Person];
    for (const cycle of [1, 2]) {
      await everyonePaysCash(t, admin, groupId, members);
      await payOut(groupId, admin, cycle);
    }
    await everyonePaysCash(t, admin, groupId, members);
    await healthy();
    const shown = (await preview(groupId, leaver.id, admin)).json();
    expect(shown).toMatchObject({
      case: 'before_payout',
      forfeitedCents: C,
      debtCents: 0,
      newPoolCents: 4 * C,
      newTotalCycles: 4,
      remainingMembers: 4,
      movesUp: [{ userId: p5.id, fromPosition: 5, toPosition: 4 }],
      completesCircle: false,
      needsVote: false,
    });
    expect(shown.otherDebts.map((d: { userId: number }) => d.userId)).toEqual([p1.id, p2.id]);
    expect((await preview(groupId, leaver.id, leaver)).json().forfeitedCents).toBe(C);

    expect((await remove(groupId, leaver.id, admin)).json().status).toBe('removed');
    await healthy();
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(C);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 3 })).toBe(4 * C);
    const g = await groupRow(groupId);
    expect([g.memberLimit, g.currentMembers, g.totalCycles, g.currentCycle]).toEqual([4, 4, 4, 3]);
    expect(await recipients(groupId)).toEqual([
      [1, p1.id],
      [2, p2.id],
      [3, p3.id],
      [4, p5.id],
    ]);
    expect((await debtsOf(groupId)).map((d) => [d.userId, d.reason, d.amountCents, d.settledAt])).toEqual([
      [p1.id, 'received_larger_pool', C, null],
      [p2.id, 'received_larger_pool', C, null],
    ]);
    const leftRows = await t.db
      .select({ cycle: contributions.cycle })
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), eq(contributions.userId, leaver.id)));
    expect(leftRows.map((r) => r.cycle).sort()).toEqual([1, 2]);
    // The removed member no longer sees the circle.
    expect((await get(t.app, `/api/groups/${groupId}`, leaver.auth)).statusCode).toBe(404);

    // p1 pays its debt from the wallet (its payout is there): wallet → reserve.
    const mine = (await get(t.app, '/api/debts/mine', p1.auth)).json().debts;
    expect(mine).toMatchObject([
      { groupId, reason: 'received_larger_pool', remainingCents: C, settledAt: null },
    ]);
    const before = await balanceOf(t.db, { kind: 'wallet', userId: p1.id });
    const paid = await post(t.app, `/api/debts/${mine[0].id}/pay`, {}, p1.auth);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(t.db, { kind: 'wallet', userId: p1.id })).toBe(before - C);
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(2 * C);
    expect((await post(t.app, `/api/debts/${mine[0].id}/pay`, {}, p1.auth)).json().code).toBe('DEBT_SETTLED');
    expect((await post(t.app, `/api/debts/${mine[0].id}/pay`, {}, p2.auth)).json().code).toBe(
      'DEBT_NOT_FOUND',
    );
    await healthy();

    // The rest of the circle runs on four seats and pays out fully funded pools.
    const stayers = [p1, p2, p3, p5];
    await payOut(groupId, admin, 3);
    await everyonePaysCash(t, admin, groupId, stayers);
    await payOut(groupId, admin, 4);
    const pools = await t.db
      .select({ cycle: payouts.cycle, pool: payouts.poolCents, cover: payouts.reserveCoverCents })
      .from(payouts)
      .where(eq(payouts.groupId, groupId))
      .orderBy(asc(payouts.cycle));
    expect(pools).toEqual([
      { cycle: 1, pool: 5 * C, cover: 0 },
      { cycle: 2, pool: 5 * C, cover: 0 },
      { cycle: 3, pool: 4 * C, cover: 0 },
      { cycle: 4, pool: 4 * C, cover: 0 },
    ]);
    expect((await groupRow(groupId)).status).toBe('completed');
    // The reserve (the forfeit and p1's payment) went to the members without debts: not p2.
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(0);
    const shares = async (userId: number) =>
      Number(
        (
          (await t.db.execute(sql`select coalesce(sum(e.amount_cents), 0)::bigint as s
            from ledger_entries e join ledger_transfers tr on tr.id = e.transfer_id
            join ledger_accounts a on a.id = e.account_id
            where tr.kind = 'reserve_distribution' and tr.group_id = ${groupId} and a.key = ${`wallet:${userId}`}`)) as unknown as {
            rows: { s: string }[];
          }
        ).rows[0]!.s,
      );
    expect([await shares(p1.id), await shares(p2.id), await shares(p3.id), await shares(p5.id)]).toEqual([
      6667, 0, 6667, 6666,
    ]);
    // p2 pays after completion: shared at once among everyone now free of debts.
    const p2debt = (await get(t.app, '/api/debts/mine', p2.auth)).json().debts[0];
    expect((await post(t.app, `/api/debts/${p2debt.id}/pay`, {}, p2.auth)).statusCode).toBe(200);
    expect(await shares(p2.id)).toBe(2500);
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(0);
    await healthy();
  });

  it('already paid out: the member owes every cycle still to come; a paid current contribution counts toward it', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    const order = await inOrder(groupId, members);
    const [, leaver, p3, p4] = order as [Person, Person, Person, Person];
    for (const cycle of [1, 2]) {
      await everyonePaysCash(t, admin, groupId, members);
      await payOut(groupId, admin, cycle);
    }
    await everyonePaysCash(t, admin, groupId, [leaver]);
    const shown = (await preview(groupId, leaver.id, leaver)).json();
    expect(shown).toMatchObject({
      case: 'after_payout',
      forfeitedCents: C,
      debtCents: 2 * C,
      debtPaidCents: C,
      newPoolCents: 3 * C,
      newTotalCycles: 4,
      movesUp: [],
      otherDebts: [],
    });
    expect((await leave(groupId, leaver)).json().status).toBe('removed');
    await healthy();
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(C);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 3 })).toBe(0);
    const g = await groupRow(groupId);
    expect([g.memberLimit, g.currentMembers, g.totalCycles]).toEqual([3, 3, 4]);
    expect((await recipients(groupId)).slice(2)).toEqual([
      [3, p3.id],
      [4, p4.id],
    ]);
    const [debt] = (await get(t.app, '/api/debts/mine', leaver.auth)).json().debts;
    expect(debt).toMatchObject({
      reason: 'departed_after_payout',
      amountCents: 2 * C,
      paidCents: C,
      remainingCents: C,
    });
    // The rest still pays out: three seats, pools of three contributions, none stalls.
    const stayers = members.filter((m) => m.id !== leaver.id);
    await everyonePaysCash(t, admin, groupId, stayers);
    await payOut(groupId, admin, 3);
    await everyonePaysCash(t, admin, groupId, stayers);
    await payOut(groupId, admin, 4);
    expect((await groupRow(groupId)).status).toBe('completed');
    await healthy();
  });

  it('a late penalty still owed becomes the leaver’s own debt (late_penalty_owed), payable after leaving', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    const order = await inOrder(groupId, members);
    const leaver = order[2]!;
    // Cycle 1: the leaver pays after the grace period, so a 5 % penalty is owed on that row.
    await everyonePaysCash(
      t,
      admin,
      groupId,
      members.filter((m) => m.id !== leaver.id),
    );
    t.clock.advance(40 * DAY);
    await everyonePaysCash(t, admin, groupId, [leaver]);
    const penaltyRow = async () =>
      (
        await t.db
          .select()
          .from(contributions)
          .where(
            and(
              eq(contributions.groupId, groupId),
              eq(contributions.userId, leaver.id),
              eq(contributions.cycle, 1),
            ),
          )
      )[0]!;
    const charged = await penaltyRow();
    expect([charged.penaltyStatus, charged.penaltyCents]).toEqual(['owed', C / 20]);
    await payOut(groupId, admin, 1);

    const shown = (await preview(groupId, leaver.id, admin)).json();
    expect(shown).toMatchObject({ case: 'before_payout', debtCents: C / 20, penaltyDebtCents: C / 20 });
    expect((await leave(groupId, leaver)).json().status).toBe('removed');
    await healthy();
    // The kept row owes nothing any more, its penalty record is resolved, and the debt carries it.
    const kept = await penaltyRow();
    expect([kept.status, kept.penaltyStatus, kept.penaltyCents]).toEqual(['paid', 'none', 0]);
    const [record] = await t.db
      .select()
      .from(defaultPenalties)
      .where(eq(defaultPenalties.contributionId, kept.id));
    expect(record?.resolved).toBe(true);
    const debts = (await get(t.app, '/api/debts/mine', leaver.auth)).json().debts;
    expect(debts).toMatchObject([
      { reason: 'late_penalty_owed', amountCents: C / 20, remainingCents: C / 20 },
    ]);
    // Paid from the wallet after leaving: into the reserve, settled.
    const reserveBefore = await balanceOf(t.db, { kind: 'reserve', groupId });
    await fundWallet(t, leaver.id, C / 20);
    const paid = await post(t.app, `/api/debts/${debts[0].id}/pay`, {}, leaver.auth);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(reserveBefore + C / 20);
    const own = (await debtsOf(groupId)).filter((d) => d.userId === leaver.id);
    expect(own.map((d) => [d.reason, d.settledAt !== null])).toEqual([['late_penalty_owed', true]]);
    await healthy();
  });

  it('member vote: an admin’s removal waits for the members; the member concerned cannot approve it', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    const [, a, b, target] = members as [Person, Person, Person, Person];
    const on = await put(
      t.app,
      `/api/groups/${groupId}/safeguards/member_vote`,
      { enabled: true },
      admin.auth,
    );
    expect(on.statusCode, on.body).toBe(200);
    const shown = (await preview(groupId, target.id, admin)).json();
    expect(shown).toMatchObject({ needsVote: true, requiredApprovals: 2 });
    const reply = (await remove(groupId, target.id, admin)).json();
    expect(reply).toMatchObject({ success: true, status: 'pending' });
    expect((await remove(groupId, target.id, admin)).json().code).toBe('ACTION_ALREADY_PENDING');
    const approve = (who: Person) =>
      post(t.app, `/api/groups/${groupId}/actions/${reply.pendingActionId}/approve`, {}, who.auth);
    const listed = (await get(t.app, `/api/groups/${groupId}/actions`, target.auth)).json().pendingActions[0];
    expect(listed).toMatchObject({ type: 'remove_member', requiredApprovals: 2, canApprove: false });
    expect((await approve(target)).json().code).toBe('NOT_AN_APPROVER');
    expect((await approve(a)).json()).toMatchObject({ status: 'pending' });
    expect((await byPosition(groupId)).length).toBe(4);
    expect((await approve(b)).json()).toMatchObject({ status: 'approved', blockedBy: null });
    expect((await byPosition(groupId)).map((m) => m.userId)).not.toContain(target.id);
    expect((await groupRow(groupId)).memberLimit).toBe(3);
    // Their own Leave needs no vote.
    expect((await leave(groupId, b)).json().status).toBe('removed');
    await healthy();
  });

  it('a member who leaves while their removal waits for a vote: the request closes, nobody approves it in vain', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    const [, a, , target] = members as [Person, Person, Person, Person];
    await put(t.app, `/api/groups/${groupId}/safeguards/member_vote`, { enabled: true }, admin.auth);
    const asked = (await remove(groupId, target.id, admin)).json();
    expect(asked).toMatchObject({ status: 'pending' });
    expect((await leave(groupId, target)).json().status).toBe('removed');
    const open = (await get(t.app, `/api/groups/${groupId}/actions`, a.auth)).json().pendingActions;
    expect(
      open.filter(
        (x: { type: string; status: string }) => x.type === 'remove_member' && x.status === 'pending',
      ),
    ).toEqual([]);
    const approve = await post(
      t.app,
      `/api/groups/${groupId}/actions/${asked.pendingActionId}/approve`,
      {},
      a.auth,
    );
    expect(approve.statusCode).toBeGreaterThanOrEqual(400);
    await healthy();
  });
});
