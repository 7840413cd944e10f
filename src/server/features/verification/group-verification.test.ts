import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { userVerifications } from '#server/db/verification-schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { latestOutbox, type TestApp } from '#server/test/verification-support.ts';

const DAY = 86_400_000;
const notStarted = { identity: 'not_started', bankAccount: 'not_started', address: 'not_started' };

describe.each(testEngines)('GET /api/groups/:groupId/verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  it('gives members the rate, their own record and everyone’s trust score; admins also the checks', async () => {
    const admin = await signUp(t.app, { fullName: 'Ana Torres' });
    const ben = await signUp(t.app, { fullName: 'Ben Okafor' });
    const cy = await signUp(t.app, { fullName: 'Cy Park' });
    const outsider = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Trust circle', contributionAmount: '50.00', memberLimit: 3, gracePeriodDays: 0 },
        admin.auth,
      )
    ).json();
    for (const m of [ben, cy])
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    const record = (userId: number) =>
      post(t.app, `/api/groups/${group.id}/contributions/record`, { userId }, admin.auth);

    // Ana pays on time; Ben two days late; Cy never.
    expect((await record(admin.id)).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await record(ben.id)).statusCode).toBe(200);

    // Ana: identity, phone and a verified bank (85, verified). Ben: phone only (15).
    const now = t.clock.now();
    await t.db.insert(userVerifications).values({
      userId: admin.id,
      identityStatus: 'verified',
      identityVerifiedAt: now,
      phoneStatus: 'verified',
      phoneVerifiedAt: new Date(now.getTime() - DAY),
      updatedAt: now,
    });
    await t.db.insert(bankAccounts).values({
      userId: admin.id,
      provider: 'sandbox',
      providerRef: `sbx_ba_group_${admin.id}`,
      providerData: {},
      bankName: 'Harbor Credit Union',
      last4: '6789',
      fingerprint: `fp-group-${admin.id}`,
      accountType: 'checking',
      status: 'verified',
      verifiedAt: new Date(now.getTime() - 2 * DAY),
    });
    await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0188' }, ben.auth);
    const { code } = await latestOutbox(t, ben.id, 'sms');
    await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0188', code }, ben.auth);

    const asBen = await get(t.app, `/api/groups/${group.id}/verification`, ben.auth);
    expect(asBen.statusCode, asBen.body).toBe(200);
    const view = asBen.json();
    expect(view).toMatchObject({
      verificationRate: 33,
      verifiedMembers: 1,
      memberCount: 3,
      adminOverview: null,
    });
    expect(view.me).toMatchObject({
      ...notStarted,
      phone: 'verified',
      overallScore: 15,
      trustLevel: 'low',
      verificationDate: null,
      phoneNumber: '+1 ••••••0188',
      // Paid late: no on-time points, 2 off for the late payment, 6 for the phone.
      trustScore: 4,
    });
    expect(
      view.members.map((m: { fullName: string; trustScore: number }) => [m.fullName, m.trustScore]),
    ).toEqual([
      ['Ana Torres', 94],
      ['Ben Okafor', 4],
      ['Cy Park', 0],
    ]);
    const [ana, , cyView] = view.members;
    expect(ana).toMatchObject({ overallScore: 85, trustLevel: 'high' });
    expect(ana.explanation).toEqual({
      score: 94,
      level: 'high',
      factors: [
        { key: 'on_time', points: 60, maxPoints: 60 },
        { key: 'late', points: 0, maxPoints: 0 },
        { key: 'missed', points: 0, maxPoints: 0 },
        { key: 'verification', points: 34, maxPoints: 40 },
        { key: 'peer_ratings', points: 0, maxPoints: 10 },
      ],
      paymentRecord: { counted: 1, onTime: 1, late: 0, missed: 0, onTimeRate: 100 },
      peerRatings: { count: 0, average: null },
    });
    expect(cyView).toMatchObject({ overallScore: 0, trustLevel: 'unverified', trustScore: 0 });
    expect(cyView.explanation.paymentRecord).toEqual({
      counted: 1,
      onTime: 0,
      late: 0,
      missed: 1,
      onTimeRate: 0,
    });
    expect(cyView.explanation.factors[2]).toEqual({ key: 'missed', points: -5, maxPoints: 0 });

    const asAdmin = (await get(t.app, `/api/groups/${group.id}/verification`, admin.auth)).json();
    // The bank was verified two days ago, the phone one, identity now: 85 was reached now.
    expect(asAdmin.me).toMatchObject({
      overallScore: 85,
      verificationDate: now.toISOString(),
      trustScore: 94,
    });
    expect(asAdmin.adminOverview).toEqual([
      {
        userId: admin.id,
        fullName: 'Ana Torres',
        identity: 'verified',
        bankAccount: 'verified',
        address: 'not_started',
        phone: 'verified',
        overallScore: 85,
      },
      { userId: ben.id, fullName: 'Ben Okafor', ...notStarted, phone: 'verified', overallScore: 15 },
      { userId: cy.id, fullName: 'Cy Park', ...notStarted, phone: 'not_started', overallScore: 0 },
    ]);

    const denied = await get(t.app, `/api/groups/${group.id}/verification`, outsider.auth);
    // To an outsider the circle does not exist.
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe('GROUP_NOT_FOUND');
    expect((await get(t.app, `/api/groups/${group.id}/verification`)).statusCode).toBe(401);
    expect((await get(t.app, '/api/groups/999999/verification', admin.auth)).statusCode).toBe(404);
  });

  it('gives a new member with no history a neutral payment part', async () => {
    const dee = await signUp(t.app);
    const group = (
      await post(t.app, '/api/groups', { name: 'Fresh', contributionAmount: '20', memberLimit: 5 }, dee.auth)
    ).json();
    const view = (await get(t.app, `/api/groups/${group.id}/verification`, dee.auth)).json();
    expect(view).toMatchObject({ verificationRate: 0, memberCount: 1 });
    expect(view.me).toMatchObject({
      ...notStarted,
      phone: 'not_started',
      trustLevel: 'unverified',
      trustScore: 30,
    });
    expect(view.me.explanation.paymentRecord.onTimeRate).toBeNull();
    expect(view.adminOverview).toHaveLength(1);
  });
});
