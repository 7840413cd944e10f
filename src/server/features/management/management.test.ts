import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY } from '#server/test/circles.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { groupScoreOf } from '#shared/schemas/management.ts';

describe.each(testEngines)('group management summary and circle statement on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // Months pass in these tests: sessions must outlive them.
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  const record = async (admin: { auth: Record<string, string> }, groupId: number, userId: number) => {
    const reply = await post(
      t.app,
      `/api/groups/${groupId}/contributions/record`,
      { userId, method: 'cash' },
      admin.auth,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };

  it('summary: members, saved total and a neutral score before anything is due; pending approvals for admins only', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const outsider = await signUp(t.app);
    const fresh = await get(t.app, `/api/groups/${groupId}/management-summary`, admin.auth);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const summary = fresh.json();
    expect(summary).toMatchObject({
      totalMembers: 3,
      memberLimit: 3,
      pendingApprovals: 0,
      totalSavedCents: 0,
      status: 'active',
      frozen: false,
      isAdmin: true,
    });
    // Nothing due yet: the score is the members' average trust score alone.
    expect(summary.groupScore.onTimeRate).toBeNull();
    expect(summary.groupScore.score).toBe(summary.groupScore.averageTrustScore);

    const member = await get(t.app, `/api/groups/${groupId}/management-summary`, members[1]!.auth);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ pendingApprovals: null, isAdmin: false, totalMembers: 3 });
    const stranger = await get(t.app, `/api/groups/${groupId}/management-summary`, outsider.auth);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('GROUP_NOT_FOUND');
  });

  it('counts pending requests to join for the admin', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Reviewed club', contributionAmount: '50.00', memberLimit: 4, requireApproval: true },
        admin.auth,
      )
    ).json();
    for (let i = 0; i < 2; i++) {
      const applicant = await signUp(t.app);
      const applied = await post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode, reason: 'We save together at work' },
        applicant.auth,
      );
      expect(applied.statusCode, applied.body).toBeLessThan(300);
    }
    const summary = (await get(t.app, `/api/groups/${group.id}/management-summary`, admin.auth)).json();
    expect(summary).toMatchObject({ pendingApprovals: 2, totalMembers: 1, status: 'recruiting' });
  });

  it('statement and score follow a circle through on-time and late payments, a penalty, a payout with its fee and a missed cycle', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const [, b, c] = members as [typeof admin, typeof admin, typeof admin];
    await record(admin, groupId, admin.id);
    await record(admin, groupId, b.id);
    // Past due date (4 days) plus grace (3 days): the third payment is late and owes 5% of $100.
    t.clock.advance(8 * DAY);
    const late = await record(admin, groupId, c.id);
    expect(late).toMatchObject({ late: true, penaltyCents: 500, penaltyStatus: 'owed' });
    const penaltyPaid = await post(
      t.app,
      `/api/contributions/${late.id}/penalty/pay`,
      { method: 'cash' },
      admin.auth,
    );
    expect(penaltyPaid.statusCode, penaltyPaid.body).toBe(200);
    const payout = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 1 }, admin.auth);
    expect(payout.statusCode, payout.body).toBe(200);
    // Cycle 2 falls due a month later; nobody pays it.
    t.clock.advance(40 * DAY);

    const reply = await get(t.app, `/api/groups/${groupId}/statement`, admin.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const s = reply.json();
    // Pool $300; fee 2.9% + $0.30 = $9.00; the recipient gets $291.00.
    expect(s.payouts).toEqual([
      expect.objectContaining({
        cycle: 1,
        poolCents: 30_000,
        feeCents: 900,
        amountCents: 29_100,
        reserveCoverCents: 0,
      }),
    ]);
    expect(s.totals).toEqual({
      contributionsPaidCents: 30_000,
      penaltiesOwedCents: 0,
      penaltiesPaidCents: 500,
      penaltiesWaivedCents: 0,
      payoutsCents: 29_100,
      feesCents: 900,
      reserveCoverCents: 0,
      reserveBalanceCents: 500,
      escrowHeldCents: 0,
    });
    expect(s.penalties).toEqual([
      { contributionId: late.id, cycle: 1, userId: c.id, name: c.fullName, amountCents: 500, status: 'paid' },
    ]);
    expect(s.reserve).toEqual({
      balanceCents: 500,
      movements: [
        expect.objectContaining({
          kind: 'penalty',
          amountCents: 500,
          balanceAfterCents: 500,
          name: c.fullName,
        }),
      ],
    });
    const [cycle1, cycle2] = s.cycles;
    expect(cycle1).toMatchObject({
      cycle: 1,
      expectedCents: 30_000,
      paidCount: 3,
      lateCount: 1,
      missedCount: 0,
      paidCents: 30_000,
      penaltiesCents: 500,
      payoutCents: 29_100,
      feeCents: 900,
    });
    expect(cycle2).toMatchObject({ cycle: 2, paidCount: 0, missedCount: 3, paidCents: 0, payoutCents: 0 });
    const late_member = s.members.find((m: { userId: number }) => m.userId === c.id);
    expect(late_member).toMatchObject({
      paid: 1,
      late: 1,
      missed: 1,
      paidCents: 10_000,
      penaltiesPaidCents: 500,
    });
    const recipient = s.payouts[0].recipientId;
    expect(s.members.find((m: { userId: number }) => m.userId === recipient).receivedCents).toBe(29_100);
    // The statement agrees with the ledger's own books.
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // The score: 2 on time out of 6 counted (1 late, 3 missed) = 33%, blended with average trust.
    const summary = (await get(t.app, `/api/groups/${groupId}/management-summary`, admin.auth)).json();
    expect(summary.totalSavedCents).toBe(30_000);
    expect(summary.groupScore).toMatchObject({ onTimeRate: 33, paidOnTime: 2, paidLate: 1, missed: 3 });
    expect(summary.groupScore.score).toBe(groupScoreOf(33, summary.groupScore.averageTrustScore));

    const csv = await get(t.app, `/api/groups/${groupId}/statement.csv`, admin.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="savecircle-statement-\d+-/);
    const lines = csv.body.split('\r\n');
    expect(lines).toContain('payouts');
    expect(lines).toContain(
      `1,${s.payouts[0].recipientName},300.00,9.00,291.00,0.00,wallet,${s.payouts[0].paidAt}`,
    );
    expect(lines).toContain('300.00,0.00,5.00,0.00,291.00,9.00,0.00,5.00,0.00');
  });

  it('the statement is for admins: a member gets 403, an outsider 404', async () => {
    const { members, groupId } = await activeCircle(t, 3);
    const outsider = await signUp(t.app);
    for (const path of ['statement', 'statement.csv']) {
      const member = await get(t.app, `/api/groups/${groupId}/${path}`, members[1]!.auth);
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('NOT_GROUP_ADMIN');
      const stranger = await get(t.app, `/api/groups/${groupId}/${path}`, outsider.auth);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().code).toBe('GROUP_NOT_FOUND');
    }
  });

  it('CSV cells that a spreadsheet would run as a formula stay text', async () => {
    const admin = await signUp(t.app, { fullName: '=HYPERLINK("http://x.example","click")' });
    const created = await post(
      t.app,
      '/api/groups',
      { name: '+cmd circle', contributionAmount: '10.00', memberLimit: 3 },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const csv = (await get(t.app, `/api/groups/${created.json().id}/statement.csv`, admin.auth)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(csv).toContain(`,'+cmd circle,`);
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
  });
});
