import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, groupMembers, groups } from '#server/db/groups-schema.ts';
import { memberDebts } from '#server/db/membership-schema.ts';
import { pendingActions } from '#server/db/safeguards-schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { DAY, everyonePaysCash, type Person } from '#server/test/circles.ts';
import { typicalGroupSettings } from '#server/test/group-settings-body.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import type { GroupSettings } from '#shared/schemas/group-settings.ts';

const C = 10_000;
const settings: GroupSettings = { ...typicalGroupSettings, maxMissedPayments: 1 };

// The real wiring (feature-subscriptions → inactive-members.ts → proposeRemoval), no listener stand-in.
describe.each(testEngines)('auto-remove inactive members proposes their removal on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  /** A circle of three with max one missed payment, full and active; `admin` is its owner. */
  async function activeOfThree(autoRemoveInactive: boolean) {
    const admin = await signUp(t.app);
    const firstDue = new Date(t.clock.now().getTime() + 4 * DAY);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Harbor susu',
        contributionAmount: '100.00',
        memberLimit: 3,
        contributionDay: firstDue.getUTCDate(),
        startDate: firstDue.toISOString().slice(0, 10),
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as { id: number; inviteCode: string };
    const saved = await put(
      t.app,
      `/api/groups/${group.id}/settings`,
      { ...settings, autoRemoveInactive },
      admin.auth,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const members: Person[] = [];
    for (let i = 0; i < 2; i++) {
      const member = await signUp(t.app);
      const joined = await post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode },
        member.auth,
      );
      expect(joined.statusCode, joined.body).toBe(200);
      members.push(member);
    }
    return { admin, groupId: group.id, members: members as [Person, Person] };
  }

  const statusOf = async (groupId: number, userId: number) =>
    (
      await t.db
        .select({ status: groupMembers.status })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    )[0]?.status;
  const proposals = (groupId: number) =>
    t.db
      .select()
      .from(pendingActions)
      .where(and(eq(pendingActions.groupId, groupId), eq(pendingActions.type, 'remove_member')));
  /** Past the first due date and its grace period; the sweep runs more than once. */
  const missTheDueDate = async () => {
    t.clock.advance(9 * DAY);
    await runDueWork(t.ctx);
    t.clock.advance(DAY);
    await runDueWork(t.ctx);
  };

  it('a member reaching max missed payments becomes inactive and one removal is proposed; approved, it applies the money rules', async () => {
    const { admin, groupId, members } = await activeOfThree(true);
    const [late, onTime] = members;
    await everyonePaysCash(t, admin, groupId, [admin, onTime]);
    await missTheDueDate();
    expect(await statusOf(groupId, late.id)).toBe('inactive');
    const open = await proposals(groupId);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 'pending', requestedBy: null, requiredApprovals: 1 });
    expect(open[0]!.payload).toMatchObject({ userId: late.id, subject: `member:${late.id}` });
    // Without the member vote one admin decides: the other member may not approve.
    const approve = (who: Person) =>
      post(t.app, `/api/groups/${groupId}/actions/${open[0]!.id}/approve`, {}, who.auth);
    expect((await approve(onTime)).json().code).toBe('NOT_AN_APPROVER');
    expect((await approve(late)).json().code).toBe('NOT_AN_APPROVER');
    const approved = await approve(admin);
    expect(approved.json(), approved.body).toMatchObject({ status: 'approved', blockedBy: null });

    // Case before_payout: the unpaid current contribution goes, nobody owes anything, the circle
    // shrinks to two seats and two cycles, and cycle 1 pays out a pool of 2 × C.
    expect(await statusOf(groupId, late.id)).toBeUndefined();
    const [g] = await t.db.select().from(groups).where(eq(groups.id, groupId));
    expect([g!.memberLimit, g!.currentMembers, g!.totalCycles]).toEqual([2, 2, 2]);
    const lateRows = await t.db
      .select()
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), eq(contributions.userId, late.id)));
    expect(lateRows).toEqual([]);
    expect(await t.db.select().from(memberDebts).where(eq(memberDebts.groupId, groupId))).toEqual([]);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 1 })).toBe(2 * C);
    const payout = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 1 }, admin.auth);
    expect(payout.statusCode, payout.body).toBe(200);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 1 })).toBe(0);
    // Still only that one proposal, now carried out.
    expect((await proposals(groupId)).map((p) => p.status)).toEqual(['approved']);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('the owner becoming inactive gets no proposal (the owner is never removed)', async () => {
    const { admin, groupId, members } = await activeOfThree(true);
    await everyonePaysCash(t, admin, groupId, members);
    await missTheDueDate();
    expect(await statusOf(groupId, admin.id)).toBe('inactive');
    expect(await proposals(groupId)).toEqual([]);
    const listed = (await get(t.app, `/api/groups/${groupId}/actions`, admin.auth)).json();
    expect(listed.pendingActions).toEqual([]);
  });

  it('with auto-remove off, the member becomes inactive and nothing is proposed', async () => {
    const { admin, groupId, members } = await activeOfThree(false);
    const [late, onTime] = members;
    await everyonePaysCash(t, admin, groupId, [admin, onTime]);
    await missTheDueDate();
    expect(await statusOf(groupId, late.id)).toBe('inactive');
    expect(await proposals(groupId)).toEqual([]);
  });
});
