import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  referralRewards,
  referrals,
  supportTicketMessages,
  supportTickets,
  users,
} from '#server/db/schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { DEMO_OPERATOR } from '#shared/demo.ts';
import { REFERRAL_TIERS } from '#shared/schemas/referrals.ts';
import { seedDemo } from './demo.ts';

// The seed's own content: PGlite is enough.
describe('the demo’s support tickets and referrals', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const idOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  beforeAll(async () => {
    t = await createTestApp('pglite', { jobs: 'manual' });
    await seedDemo(t.ctx);
    // A second start seeds nothing more.
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  it('has an open ticket, one in progress with the operator and one answered and resolved', async () => {
    const operator = await idOf(DEMO_OPERATOR.username);
    const tickets = await t.db.select().from(supportTickets).orderBy(asc(supportTickets.id));
    expect(tickets.map((x) => [x.status, x.assigneeUserId])).toEqual([
      ['resolved', operator],
      ['in_progress', operator],
      ['open', null],
    ]);
    const [resolved] = tickets;
    expect(resolved!.firstResponseAt).not.toBeNull();
    expect(resolved!.resolvedAt).not.toBeNull();
    const messages = await t.db
      .select({ author: supportTicketMessages.author })
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, resolved!.id));
    expect(messages.map((m) => m.author)).toEqual(['sender', 'operator']);
  });

  it('has the demo user’s referrals: Lucía active with the first tier paid, Fatima pending', async () => {
    const demo = await idOf('demo');
    const rows = await t.db
      .select({ referred: users.username, status: referrals.status })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredUserId))
      .where(eq(referrals.referrerId, demo))
      .orderBy(asc(users.username));
    expect(rows).toEqual([
      { referred: 'fatima', status: 'pending' },
      { referred: 'lucia', status: 'active' },
    ]);
    const rewards = await t.db.select().from(referralRewards).where(eq(referralRewards.referrerId, demo));
    expect(rewards.map((r) => [r.tier, r.amountCents])).toEqual([[1, REFERRAL_TIERS[0].rewardCents]]);
    // The demo user heard of it in the app.
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, demo));
    expect(notices.filter((n) => n.type === 'referral_reward_paid')).toHaveLength(1);
    // The promotions account paid out exactly what it was funded with.
    expect(await balanceOf(t.db, { kind: 'promotions' })).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
