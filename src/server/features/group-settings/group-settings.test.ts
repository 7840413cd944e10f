import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, notifications } from '#server/db/groups-schema.ts';
import { auditLog, groupCommunicationSettings } from '#server/db/schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY, everyonePaysCash, type Person } from '#server/test/circles.ts';
import { typicalGroupSettings } from '#server/test/group-settings-body.ts';
import { del, get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import type { GroupSettings } from '#shared/schemas/group-settings.ts';
import { offMemberInactive, onMemberInactive } from './member-standing.ts';

const defaults = typicalGroupSettings;

describe.each(testEngines)('group settings and rules on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  /** A recruiting circle of `size` seats; the admin may change its settings before anyone joins. */
  async function recruiting(size = 3, settings: Partial<GroupSettings> = {}) {
    const admin = await signUp(t.app);
    const firstDue = new Date(t.clock.now().getTime() + 4 * DAY);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Harbor susu',
        contributionAmount: '100.00',
        memberLimit: size,
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
      { ...defaults, ...settings },
      admin.auth,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return { admin, group };
  }

  async function fill(group: { id: number; inviteCode: string }, count: number) {
    const joined: Person[] = [];
    for (let i = 0; i < count; i++) {
      const member = await signUp(t.app);
      const reply = await post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode },
        member.auth,
      );
      expect(reply.statusCode, reply.body).toBe(200);
      joined.push(member);
    }
    return joined;
  }

  it('members read the settings, only admins change them; bounds are enforced; changes are audited', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const read = await get(t.app, `/api/groups/${groupId}/settings`, members[1]!.auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ settings: defaults, canEdit: false });
    expect(read.json().effects).toMatchObject({
      penaltyAmount: '5.00',
      payoutAmount: '300.00',
      emergencyFundEditable: false,
    });

    const byMember = await put(t.app, `/api/groups/${groupId}/settings`, defaults, members[1]!.auth);
    expect(byMember.json().code).toBe('NOT_GROUP_ADMIN');
    const outsider = await signUp(t.app);
    expect((await get(t.app, `/api/groups/${groupId}/settings`, outsider.auth)).statusCode).toBe(404);
    for (const bad of [
      { penaltyPercentage: 26 },
      { gracePeriodDays: 15 },
      { minCreditScore: 299 },
      { maxMissedPayments: 4 },
    ]) {
      const reply = await put(t.app, `/api/groups/${groupId}/settings`, { ...defaults, ...bad }, admin.auth);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
    }

    const next = {
      ...defaults,
      penaltyPercentage: 10,
      communicationRestrictions: true,
      maxMissedPayments: 3 as const,
    };
    const saved = await put(t.app, `/api/groups/${groupId}/settings`, next, admin.auth);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().effects.penaltyAmount).toBe('10.00');
    // One source of truth: the chat's setting is what changed, and members can no longer write.
    const [chat] = await t.db
      .select()
      .from(groupCommunicationSettings)
      .where(eq(groupCommunicationSettings.groupId, groupId));
    expect(chat?.membersCanMessage).toBe(false);
    const message = await post(
      t.app,
      `/api/groups/${groupId}/messages`,
      { message: 'hello' },
      members[1]!.auth,
    );
    expect(message.json().code).toBe('MESSAGING_RESTRICTED');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_settings_updated'), eq(auditLog.subject, String(groupId))));
    expect(audit?.details).toMatchObject({
      changes: { penaltyPercentage: { from: 5, to: 10 }, maxMissedPayments: { from: 2, to: 3 } },
    });
    // The penalty affects money: every member is told.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.groupId, groupId), eq(notifications.type, 'group_settings_changed')));
    expect(told.map((n) => n.userId).sort()).toEqual(members.map((m) => m.id).sort());
  });

  it('the emergency fund: refused once active; its share reaches the reserve and the pool shrinks', async () => {
    const { admin, group } = await recruiting(3, { emergencyFundPercentage: 10 });
    const preview = await get(t.app, `/api/groups/invite/${group.inviteCode}`, (await signUp(t.app)).auth);
    expect(preview.json().emergencyFund).toEqual({
      percentage: 10,
      shareAmount: '10.00',
      payoutAmount: '270.00',
    });
    const others = await fill(group, 2);
    const refused = await put(
      t.app,
      `/api/groups/${group.id}/settings`,
      { ...defaults, emergencyFundPercentage: 5 },
      admin.auth,
    );
    expect(refused.json().code).toBe('EMERGENCY_FUND_LOCKED');
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group).toMatchObject({ payoutAmount: '270.00', emergencyFundPercentage: 10 });

    await everyonePaysCash(t, admin, group.id, [admin, ...others]);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId: group.id, cycle: 1 })).toBe(27_000);
    expect(await balanceOf(t.db, { kind: 'reserve', groupId: group.id })).toBe(3_000);
    const payout = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: group.id, cycleNumber: 1 },
      admin.auth,
    );
    expect(payout.statusCode, payout.body).toBe(200);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId: group.id, cycle: 1 })).toBe(0);
    expect(await balanceOf(t.db, { kind: 'reserve', groupId: group.id })).toBe(3_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('the emergency fund on leaving: only the escrow part of a forfeited contribution moves, and a vanished cycle empties exactly', async () => {
    // Four seats at 10%: each contribution puts 90.00 in the cycle's escrow and 10.00 in the reserve.
    const { admin, group } = await recruiting(4, { emergencyFundPercentage: 10 });
    const people = [admin, ...(await fill(group, 3))];
    const escrow = (cycle: number) => balanceOf(t.db, { kind: 'escrow', groupId: group.id, cycle });
    const reserve = () => balanceOf(t.db, { kind: 'reserve', groupId: group.id });
    const positions = await t.db
      .select({ userId: groupMembers.userId, position: groupMembers.position })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group.id));
    const at = (position: number) =>
      people.find((p) => p.id === positions.find((m) => m.position === position)!.userId)!;
    const payOut = async (cycleNumber: number) => {
      const reply = await post(
        t.app,
        '/api/groups/process-payout',
        { groupId: group.id, cycleNumber },
        admin.auth,
      );
      expect(reply.statusCode, reply.body).toBe(200);
    };
    await everyonePaysCash(t, admin, group.id, people);
    await payOut(1);
    expect(await reserve()).toBe(4_000);

    // Cycle 2: the member whose turn is last pays alone, then leaves. Their 10.00 share is in the
    // reserve already; only the 90.00 in the escrow is forfeited to it, and that escrow is empty again.
    const leaver = at(4);
    await everyonePaysCash(t, admin, group.id, [leaver]);
    expect(await escrow(2)).toBe(9_000);
    const left = await post(t.app, `/api/groups/${group.id}/leave`, {}, leaver.auth);
    expect(left.statusCode, left.body).toBe(200);
    expect(await escrow(2)).toBe(0);
    expect(await reserve()).toBe(4_000 + 1_000 + 9_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // Three seats, three cycles now. Cycle 2 paid out; in cycle 3 the two paid-out members pay, and the
    // last recipient leaves: the cycle vanishes, and its escrow (2 × 90.00) goes to the reserve in full.
    const stayers = [at(1), at(2), at(3)];
    await everyonePaysCash(t, admin, group.id, stayers);
    await payOut(2);
    const last = at(3);
    await everyonePaysCash(t, admin, group.id, [at(1), at(2)]);
    expect(await escrow(3)).toBe(18_000);
    const gone = await post(t.app, `/api/groups/${group.id}/leave`, {}, last.auth);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await escrow(3)).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a member who reaches max missed payments becomes inactive once, and active again on paying', async () => {
    const fired: number[] = [];
    onMemberInactive('test', async (_ctx, _tx, _group, userId) => {
      fired.push(userId);
    });
    try {
      const { admin, group } = await recruiting(3, { maxMissedPayments: 1 });
      const [late, onTime] = await fill(group, 2);
      await everyonePaysCash(t, admin, group.id, [admin, onTime!]);
      t.clock.advance(9 * DAY);
      await runDueWork(t.ctx);
      await runDueWork(t.ctx);
      const statusOf = async (userId: number) =>
        (
          await t.db
            .select({ status: groupMembers.status })
            .from(groupMembers)
            .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)))
        )[0]?.status;
      expect(await statusOf(late!.id)).toBe('inactive');
      expect(await statusOf(onTime!.id)).toBe('active');
      expect(fired).toEqual([late!.id]);
      const toldInactive = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.groupId, group.id), eq(notifications.type, 'member_inactive')));
      expect(toldInactive.map((n) => n.userId).sort()).toEqual([admin.id, late!.id].sort());

      const paid = await post(
        t.app,
        `/api/groups/${group.id}/contributions/record`,
        { userId: late!.id, method: 'cash' },
        admin.auth,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await statusOf(late!.id)).toBe('active');
      await runDueWork(t.ctx);
      expect(fired).toEqual([late!.id]);
    } finally {
      offMemberInactive('test');
    }
  });

  it('with auto-remove off, inactivity proposes nothing', async () => {
    const fired: number[] = [];
    onMemberInactive('test', async (_ctx, _tx, _group, userId) => {
      fired.push(userId);
    });
    try {
      const { admin, group } = await recruiting(3, { maxMissedPayments: 1, autoRemoveInactive: false });
      const [late, onTime] = await fill(group, 2);
      await everyonePaysCash(t, admin, group.id, [admin, onTime!]);
      t.clock.advance(9 * DAY);
      await runDueWork(t.ctx);
      const [row] = await t.db
        .select({ status: groupMembers.status })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, late!.id)));
      expect(row?.status).toBe('inactive');
      expect(fired).toEqual([]);
    } finally {
      offMemberInactive('test');
    }
  });

  it('applications below the minimum credit score are flagged, or rejected at once with the reason', async () => {
    const { admin, group } = await recruiting(4, { requireApproval: true, minCreditScore: 700 });
    const apply = (person: Person, creditScore: number) =>
      post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode, reason: 'Saving for school fees with neighbours.', creditScore },
        person.auth,
      );
    const low = await signUp(t.app);
    const high = await signUp(t.app);
    expect((await apply(low, 640)).statusCode).toBe(202);
    expect((await apply(high, 720)).statusCode).toBe(202);
    const list = (await get(t.app, `/api/groups/${group.id}/applications`, admin.auth)).json();
    const flags = Object.fromEntries(
      list.applications.map((a: { userId: number; belowMinCredit: boolean }) => [a.userId, a.belowMinCredit]),
    );
    expect(flags).toEqual({ [low.id]: true, [high.id]: false });

    await put(
      t.app,
      `/api/groups/${group.id}/settings`,
      { ...defaults, requireApproval: true, minCreditScore: 700, autoRejectBelowMinCredit: true },
      admin.auth,
    );
    const another = await signUp(t.app);
    const rejected = await apply(another, 600);
    expect(rejected.statusCode, rejected.body).toBe(202);
    expect(rejected.json().application).toMatchObject({ status: 'rejected', closedBecauseFull: false });
    expect(rejected.json().application.decisionReason).toContain('600');
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, another.id), eq(notifications.type, 'application_rejected')));
    expect(told?.data.reason).toContain('700');
  });

  it('rules: admins create, edit, deactivate and delete; members and applicants see the active ones', async () => {
    const { admin, group } = await recruiting(3);
    const url = `/api/groups/${group.id}/rules`;
    const created = await post(
      t.app,
      url,
      { title: 'Contributions due by the 15th', description: 'Every month.' },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const second = await post(t.app, url, { title: 'Respectful communication' }, admin.auth);
    const ruleId = second.json().id as number;
    expect(
      (await put(t.app, `${url}/${ruleId}`, { title: 'Be kind', active: false }, admin.auth)).json(),
    ).toMatchObject({
      title: 'Be kind',
      active: false,
    });
    const applicant = await signUp(t.app);
    const preview = (await get(t.app, `/api/groups/invite/${group.inviteCode}`, applicant.auth)).json();
    expect(preview.rules).toEqual([{ title: 'Contributions due by the 15th', description: 'Every month.' }]);
    const [member] = await fill(group, 1);
    const seen = (await get(t.app, url, member!.auth)).json();
    expect(seen).toMatchObject({ canEdit: false, rules: [{ title: 'Contributions due by the 15th' }] });
    expect((await post(t.app, url, { title: 'Mine' }, member!.auth)).json().code).toBe('NOT_GROUP_ADMIN');
    expect((await post(t.app, url, { title: 'x'.repeat(101) }, admin.auth)).statusCode).toBe(400);
    expect((await del(t.app, `${url}/${ruleId}`, admin.auth)).statusCode).toBe(200);
    expect((await del(t.app, `${url}/${ruleId}`, admin.auth)).json().code).toBe('GROUP_RULE_NOT_FOUND');
    for (let i = 0; i < 19; i++) await post(t.app, url, { title: `Rule ${i}` }, admin.auth);
    expect((await post(t.app, url, { title: 'One too many' }, admin.auth)).json().code).toBe(
      'GROUP_RULES_LIMIT',
    );
  });
});
