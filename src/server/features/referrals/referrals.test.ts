import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications, referralRewards, referrals } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import type { Person } from '#server/test/circles.ts';
import { DAY } from '#server/test/circles.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { recordReferral } from './record.ts';
import { activateReferral } from './rewards.ts';

const OPERATOR = 'referral.operator';

describe.each(testEngines)('referrals on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      longSessions: true,
      configure: (config) => {
        config.operatorUsernames = [OPERATOR];
      },
    });
    operator = await signUp(t.app, { username: OPERATOR });
  });
  afterAll(() => t.close());

  const overview = async (who: Person) => {
    const reply = await get(t.app, '/api/referrals', who.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  const wallet = (userId: number) => balanceOf(t.db, { kind: 'wallet', userId });
  const referralOf = async (userId: number) =>
    (await t.db.select().from(referrals).where(eq(referrals.referredUserId, userId)))[0];
  /** The reward notices a user got: in the app and by email. */
  const rewardNotices = async (userId: number) => ({
    inApp: (
      await t.db
        .select({ type: notifications.type, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.userId, userId))
    ).filter((n) => n.type === 'referral_reward_paid'),
    emails: (await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId))).filter(
      (m) => m.kind === 'referral_reward_paid',
    ),
  });

  /** A 3-member circle with `admin` as its creator, active at once (two fillers join). */
  async function circleOf(admin: Person) {
    const firstDue = new Date(t.clock.now().getTime() + 4 * DAY);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Referral susu',
        contributionAmount: '100.00',
        memberLimit: 3,
        frequency: 'monthly',
        contributionDay: firstDue.getUTCDate(),
        startDate: firstDue.toISOString().slice(0, 10),
        gracePeriodDays: 3,
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    for (let i = 0; i < 2; i++) {
      const filler = await signUp(t.app);
      const joined = await post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode },
        filler.auth,
      );
      expect(joined.statusCode, joined.body).toBe(200);
    }
    return group.id as number;
  }
  /** The circle's admin records their own cash for the current cycle: their contribution is paid. */
  const paysCash = (admin: Person, groupId: number) =>
    post(
      t.app,
      `/api/groups/${groupId}/contributions/record`,
      { userId: admin.id, method: 'cash' },
      admin.auth,
    );
  const setPaused = (who: Person, paused: boolean) =>
    put(t.app, '/api/admin/referral-program', { paused }, who.auth);

  it('gives each user one stable 8-character code and records a sign-up with it', async () => {
    const referrer = await signUp(t.app);
    const first = await overview(referrer);
    expect(first.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect((await overview(referrer)).code).toBe(first.code);
    expect(first.stats).toEqual({ totalReferrals: 0, activeReferrals: 0, totalEarned: 0, pendingRewards: 0 });

    // People type codes in any case.
    const friend = await signUp(t.app, { fullName: 'Amara Okafor', referralCode: first.code.toLowerCase() });
    const referral = await referralOf(friend.id);
    expect(referral).toMatchObject({ referrerId: referrer.id, status: 'pending' });

    const after = await overview(referrer);
    expect(after.stats.totalReferrals).toBe(1);
    expect(after.stats.activeReferrals).toBe(0);
    expect(after.referrals).toEqual([
      { id: referral!.id, firstName: 'Amara', status: 'pending', joinedAt: expect.any(String) },
    ]);
    // First names only: never the friend's email or full name.
    expect(JSON.stringify(after)).not.toContain('Okafor');
    expect(JSON.stringify(after)).not.toContain('@');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'referral_recorded'));
    expect(audits.some((a) => a.actorUserId === friend.id && a.subject === String(referrer.id))).toBe(true);
  });

  it('ignores unknown codes and never lets anyone refer themselves or change referrer', async () => {
    const unknown = await signUp(t.app, { referralCode: 'ZZZZ9999' });
    expect(await referralOf(unknown.id)).toBeUndefined();

    // A code that is not even well formed is refused as bad input, never a 500.
    const bad = await post(t.app, '/api/auth/register', {
      username: 'bad.code',
      email: 'bad.code@example.org',
      fullName: 'Bad Code',
      password: 'violet-harbor-2931',
      referralCode: 'x'.repeat(33),
    });
    expect(bad.statusCode).toBe(400);

    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const friend = await signUp(t.app, { referralCode: (await overview(first)).code });
    const secondCode = (await overview(second)).code;
    const friendCode = (await overview(friend)).code;

    // The one place a referral is recorded, asked again for the same account with another code.
    expect(
      await recordReferral(t.db, { userId: friend.id, referralCode: secondCode, at: t.clock.now() }),
    ).toBe(false);
    expect((await referralOf(friend.id))!.referrerId).toBe(first.id);
    // And with the account's own code.
    const loner = await signUp(t.app);
    const lonerCode = (await overview(loner)).code;
    expect(await recordReferral(t.db, { userId: loner.id, referralCode: lonerCode, at: t.clock.now() })).toBe(
      false,
    );
    expect(await referralOf(loner.id)).toBeUndefined();
    // The database refuses a second referrer and a self-referral too.
    await expect(
      t.db
        .insert(referrals)
        .values({ referrerId: second.id, referredUserId: friend.id, createdAt: t.clock.now() }),
    ).rejects.toThrow();
    await expect(
      t.db
        .insert(referrals)
        .values({ referrerId: friend.id, referredUserId: friend.id, createdAt: t.clock.now() }),
    ).rejects.toThrow();
    expect(friendCode).not.toBe(secondCode);
  });

  it('activates a referral on the first confirmed contribution and pays tier 1 into the wallet', async () => {
    const referrer = await signUp(t.app, { language: 'es' });
    const friend = await signUp(t.app, { referralCode: (await overview(referrer)).code });
    const groupId = await circleOf(friend);
    expect(await wallet(referrer.id)).toBe(0);

    const paid = await paysCash(friend, groupId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await referralOf(friend.id))!.status).toBe('active');
    expect(await wallet(referrer.id)).toBe(500);
    // The friend's welcome bonus (decision 0033).
    expect(await wallet(friend.id)).toBe(500);
    expect(await balanceOf(t.db, { kind: 'promotions' })).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    const after = await overview(referrer);
    expect(after.stats).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      totalEarned: 500,
      pendingRewards: 0,
    });
    expect(after.tiers.map((tier: { status: string }) => tier.status)).toEqual([
      'paid',
      'locked',
      'locked',
      'locked',
    ]);
    expect(after.referrals[0].status).toBe('active');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'referral_reward_paid'));
    expect(audits.filter((a) => a.subject === String(referrer.id))).toHaveLength(1);

    // The referrer hears of it in the app and by email, in their language; the friend's bonus is not a tier.
    const notices = await rewardNotices(referrer.id);
    expect(notices.inApp.map((n) => n.data)).toEqual([{ amount: '5.00', referrals: 1 }]);
    expect(notices.emails).toHaveLength(1);
    expect(notices.emails[0]).toMatchObject({ language: 'es' });
    expect(notices.emails[0]!.subject).toContain('recompensa');
    expect(notices.emails[0]!.textBody).toContain('/referral');
    expect(await rewardNotices(friend.id)).toEqual({ inApp: [], emails: [] });
  });

  it('pays each tier exactly once when several first contributions are confirmed at the same time', async () => {
    const referrer = await signUp(t.app);
    const code = (await overview(referrer)).code;
    const friends: Person[] = [];
    const circles: number[] = [];
    for (let i = 0; i < 5; i++) {
      const friend = await signUp(t.app, { referralCode: code });
      friends.push(friend);
      circles.push(await circleOf(friend));
    }
    // Five circles, five transactions: on PostgreSQL a real race for the referrer's tiers.
    const replies = await Promise.all(friends.map((friend, i) => paysCash(friend, circles[i]!)));
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);

    const rewards = await t.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, referrer.id));
    expect(rewards.map((r) => r.tier).sort((a, b) => a - b)).toEqual([1, 5]);
    // One notice per tier, however the confirmations raced.
    const notices = await rewardNotices(referrer.id);
    expect(notices.inApp.map((n) => n.data.referrals).sort()).toEqual([1, 5]);
    expect(notices.emails).toHaveLength(2);
    expect(await wallet(referrer.id)).toBe(500 + 2_500);
    for (const friend of friends) expect(await wallet(friend.id)).toBe(500);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    const after = await overview(referrer);
    expect(after.stats).toEqual({
      totalReferrals: 5,
      activeReferrals: 5,
      totalEarned: 3_000,
      pendingRewards: 0,
    });
    expect(after.tiers.map((tier: { status: string }) => tier.status)).toEqual([
      'paid',
      'paid',
      'locked',
      'locked',
    ]);
  });

  it('counts tiers one activation at a time even when nothing else serialises them', async () => {
    // Contributions all post from one external account, whose row lock already orders them; here
    // the activations race with nothing in between, so only the referrer's lock keeps the count right.
    const referrer = await signUp(t.app);
    const code = (await overview(referrer)).code;
    const friends: Person[] = [];
    for (let i = 0; i < 6; i++) friends.push(await signUp(t.app, { referralCode: code }));
    await Promise.all(
      friends.map((friend, i) =>
        inTransaction(t.db, (tx) =>
          activateReferral(tx, { userId: friend.id, contributionId: i + 1, groupId: 1, at: t.clock.now() }),
        ),
      ),
    );
    const rewards = await t.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, referrer.id));
    expect(rewards.map((r) => r.tier).sort((a, b) => a - b)).toEqual([1, 5]);
    expect((await rewardNotices(referrer.id)).inApp).toHaveLength(2);
    expect(await wallet(referrer.id)).toBe(3_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('lets only an operator pause; while paused referrals count but rewards wait until resumed', async () => {
    const member = await signUp(t.app);
    expect((await setPaused(member, true)).statusCode).toBe(403);

    const paused = await setPaused(operator, true);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({ paused: true, rewardsPaid: 0 });

    const referrer = await signUp(t.app);
    const friend = await signUp(t.app, { referralCode: (await overview(referrer)).code });
    const groupId = await circleOf(friend);
    expect((await paysCash(friend, groupId)).statusCode).toBe(200);

    expect((await referralOf(friend.id))!.status).toBe('active');
    expect(await wallet(referrer.id)).toBe(0);
    expect(await wallet(friend.id)).toBe(0);
    expect((await rewardNotices(referrer.id)).inApp).toEqual([]);
    const waiting = await overview(referrer);
    expect(waiting.paused).toBe(true);
    expect(waiting.stats).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      totalEarned: 0,
      pendingRewards: 500,
    });
    expect(waiting.tiers[0].status).toBe('waiting');

    const resumed = await setPaused(operator, false);
    expect(resumed.statusCode, resumed.body).toBe(200);
    // Tier 1 to the referrer and the friend's bonus.
    expect(resumed.json()).toEqual({ paused: false, rewardsPaid: 2 });
    expect(await wallet(referrer.id)).toBe(500);
    expect(await wallet(friend.id)).toBe(500);
    expect((await overview(referrer)).stats).toMatchObject({ totalEarned: 500, pendingRewards: 0 });
    // Resuming again pays nothing twice.
    expect((await setPaused(operator, false)).json()).toEqual({ paused: false, rewardsPaid: 0 });
    expect(await wallet(referrer.id)).toBe(500);
    expect((await rewardNotices(referrer.id)).inApp).toHaveLength(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
