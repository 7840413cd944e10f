import type { AppContext } from '#server/app-context.ts';
import type { AdjustableClock } from '#server/clock.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { processPayout } from '#server/features/escrow/process-payout.ts';
import { confirmContribution, recordPayment, reportPayment } from '#server/features/groups/contributions.ts';
import { createGroup } from '#server/features/groups/create-group.ts';
import { type JoinAuthority, joinGroup } from '#server/features/groups/join-group.ts';
import { seedFamilyChat } from './demo-chat.ts';
import { seedMoneyRails } from './demo-money.ts';

const DAY = 86_400_000;
type Who = (username: string) => SessionUser;

function settings(name: string, amount: string, memberLimit: number, frequency: 'weekly' | 'monthly') {
  return {
    name,
    contributionAmount: amount,
    memberLimit,
    frequency,
    gracePeriodDays: 3,
    timeZone: 'UTC',
    rotationMethod: 'join_order' as const,
    requireApproval: false,
    penaltyPercentage: 5,
    autoPayout: false,
  };
}

/** Neighbours join the way anyone does: with the circle's invite code. */
const byCode = (group: { inviteCode: string }): JoinAuthority => ({
  kind: 'invite_code',
  code: group.inviteCode,
});

async function payAll(ctx: AppContext, admin: SessionUser, groupId: number, members: SessionUser[]) {
  for (const m of members) await recordPayment(ctx, admin, groupId, { userId: m.id, method: 'cash' });
}

export async function seedCircles(ctx: AppContext, clock: AdjustableClock, who: Who) {
  const demo = who('demo');
  const realNow = clock.now();

  // Completed: a weekly hui that ran three weeks, a few months ago.
  clock.set(new Date(realNow.getTime() - 120 * DAY));
  const hui = await createGroup(ctx, who('minji'), settings('Neighbourhood Hui', '100.00', 3, 'weekly'));
  const huiMembers = [who('minji'), demo, who('wei')];
  for (const m of huiMembers.slice(1)) await joinGroup(ctx, m, hui.id, byCode(hui));
  for (let cycle = 1; cycle <= 3; cycle++) {
    await payAll(ctx, who('minji'), hui.id, huiMembers);
    await processPayout(ctx, who('minji'), hui.id, cycle);
    clock.advance(7 * DAY);
  }

  // Active, mid-rotation, with one late payer: the demo user's own family tanda.
  clock.set(new Date(realNow.getTime() - 70 * DAY));
  const tanda = await createGroup(ctx, demo, settings('Family Tanda', '250.00', 4, 'monthly'));
  const tandaMembers = [demo, who('lucia'), who('sofia'), who('kwame')];
  for (const m of tandaMembers.slice(1)) await joinGroup(ctx, m, tanda.id, byCode(tanda));
  for (let cycle = 1; cycle <= 2; cycle++) {
    await payAll(ctx, demo, tanda.id, tandaMembers);
    await processPayout(ctx, demo, tanda.id, cycle);
    clock.advance(31 * DAY);
  }
  // Cycle 3, due about nine days ago: two paid on time, Sofía's report awaits confirmation, Kwame is late.
  clock.set(new Date(realNow.getTime() - 10 * DAY));
  await recordPayment(ctx, demo, tanda.id, { userId: demo.id, method: 'cash' });
  const reported = await reportPayment(ctx, who('lucia'), tanda.id, {
    method: 'bank_transfer',
    reference: 'Zelle 4417',
  });
  await confirmContribution(ctx, demo, reported.id);
  await seedFamilyChat(ctx, clock, who, tanda.id, realNow);
  clock.set(realNow);
  await reportPayment(ctx, who('sofia'), tanda.id, { method: 'mobile_money', reference: 'MM-20931' });

  // Recruiting: a market susu the demo user has joined, still looking for members.
  const susu = await createGroup(ctx, who('kwame'), settings('Sunday Market Susu', '50.00', 6, 'weekly'));
  for (const m of [demo, who('fatima')]) await joinGroup(ctx, m, susu.id, byCode(susu));
  await seedMoneyRails(ctx, who, { tandaId: tanda.id, susuId: susu.id });

  // Recruiting with approval: the demo user's savings club, with two requests to join to decide on.
  const club = await createGroup(ctx, demo, {
    ...settings('Teachers’ Savings Club', '120.00', 5, 'monthly'),
    requireApproval: true,
  });
  await joinGroup(ctx, who('wei'), club.id, byCode(club), {
    application: {
      reason: 'I teach with Lucía and want to save for my daughter’s school fees.',
      monthlyIncome: '3200',
      creditScore: 712,
      referredBy: 'Lucía',
    },
  });
  await joinGroup(ctx, who('fatima'), club.id, byCode(club), {
    application: { reason: 'Saving for a second stall at the market.' },
  });
}
