import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { PAYOUT_PROGRESS_THRESHOLD, poolCents as poolOf, requiredPaid } from '#server/circle/rules.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { fullNameOf, postSystemMessage } from '#server/core/group-chat.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, cycles, groupMembers, groups, payouts } from '#server/db/groups-schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { formatAmount, payoutFeeCents } from '#shared/money.ts';
import type { offAppMethods } from '#shared/schemas/groups.ts';
import { openCycleContributions } from './activate-group.ts';
import { distributeReserve } from './reserve-distribution.ts';

type OffAppMethod = (typeof offAppMethods)[number];

/** Cash stays cash in the ledger's picture of the outside world; every other method is a bank movement. */
const externalFor = (method: OffAppMethod | undefined) =>
  method === undefined || method === 'cash' ? 'cash' : 'bank';

/** How the pool reaches the recipient: into their wallet, or handed over outside the app. */
export type PayoutDelivery =
  | { delivery: 'wallet' }
  | { delivery: 'off_app'; method?: OffAppMethod; reference?: string };

/**
 * Pays the cycle's pool to its recipient, then opens the next cycle or completes the circle.
 * `minimumShare` is the part of members who must have paid: 95% when an admin presses Process Payout,
 * the group's own threshold (default 100%) for the automatic payout on the payout date.
 * Into the wallet the fee (2.9% + $0.30) is taken; an off-app payout never passes through SaveCircle,
 * so it carries no fee and waits for the recipient to confirm what they received.
 */
export async function payOutCycle(
  ctx: AppContext,
  tx: Db,
  group: Group,
  cycleNumber: number,
  actorId: number | null,
  minimumShare = PAYOUT_PROGRESS_THRESHOLD,
  delivery: PayoutDelivery = { delivery: 'wallet' },
) {
  const now = ctx.clock.now();
  const [cycle] = await tx
    .select()
    .from(cycles)
    .where(and(eq(cycles.groupId, group.id), eq(cycles.number, cycleNumber)));
  if (cycle?.status === 'paid_out') throw new AppError('CYCLE_ALREADY_PAID_OUT');
  if (group.status !== 'active') throw new AppError('GROUP_NOT_ACTIVE');
  if (!cycle || cycle.number !== group.currentCycle || cycle.status !== 'collecting')
    throw new AppError('WRONG_CYCLE');
  if (!cycle.recipientUserId) throw new AppError('GROUP_NOT_ACTIVE');

  const [progress] = await tx
    .select({
      paid: sql<number>`count(*) filter (where ${contributions.status} = 'paid')::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(contributions)
    .where(and(eq(contributions.groupId, group.id), eq(contributions.cycle, cycle.number)));
  if (!progress || progress.paid < requiredPaid(progress.all, minimumShare))
    throw new AppError('PAYOUT_NOT_READY');

  const escrow = { kind: 'escrow' as const, groupId: group.id, cycle: cycle.number };
  const reserve = { kind: 'reserve' as const, groupId: group.id };
  const poolCents = poolOf(group);
  const shortfall = poolCents - (await balanceOf(tx, escrow));
  if (shortfall > 0) {
    if ((await balanceOf(tx, reserve)) < shortfall) throw new AppError('PAYOUT_NOT_READY');
    await postTransfer(tx, {
      idempotencyKey: `reserve-cover:${group.id}:${cycle.number}`,
      kind: 'reserve_cover',
      groupId: group.id,
      memo: `Reserve covers cycle ${cycle.number}`,
      at: now,
      legs: [
        { account: reserve, amountCents: -shortfall },
        { account: escrow, amountCents: shortfall },
      ],
    });
  }
  const offApp = delivery.delivery === 'off_app';
  const feeCents = offApp ? 0 : payoutFeeCents(poolCents);
  const amountCents = poolCents - feeCents;
  await postTransfer(tx, {
    idempotencyKey: `payout:${group.id}:${cycle.number}`,
    kind: 'payout',
    groupId: group.id,
    userId: cycle.recipientUserId,
    memo: `Cycle ${cycle.number} payout`,
    at: now,
    legs: offApp
      ? [
          { account: escrow, amountCents: -poolCents },
          { account: { kind: 'external', name: externalFor(delivery.method) }, amountCents },
        ]
      : [
          { account: escrow, amountCents: -poolCents },
          { account: { kind: 'wallet', userId: cycle.recipientUserId }, amountCents },
          { account: { kind: 'fee_revenue' }, amountCents: feeCents },
        ],
  });
  const [payout] = await tx
    .insert(payouts)
    .values({
      groupId: group.id,
      cycle: cycle.number,
      recipientId: cycle.recipientUserId,
      amountCents,
      feeCents,
      poolCents,
      reserveCoverCents: Math.max(0, shortfall),
      status: 'paid',
      delivery: delivery.delivery,
      deliveryMethod: offApp ? (delivery.method ?? 'cash') : null,
      deliveryReference: offApp ? (delivery.reference ?? null) : null,
      receiptStatus: offApp ? 'awaiting' : 'not_needed',
      scheduledDate: cycle.payoutOn,
      paidAt: now,
      processedBy: actorId,
    })
    .returning();
  await tx.update(cycles).set({ status: 'paid_out', paidOutAt: now }).where(eq(cycles.id, cycle.id));
  await tx
    .update(groupMembers)
    .set({ hasReceivedPayout: true })
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, cycle.recipientUserId)));
  await recordAudit(tx, {
    action: 'payout_processed',
    actorUserId: actorId,
    subject: String(payout!.id),
    details: { groupId: group.id, cycle: cycle.number, amountCents, feeCents, delivery: delivery.delivery },
    at: now,
  });
  await postSystemMessage(tx, {
    groupId: group.id,
    kind: 'payout_sent',
    params: {
      recipientName: await fullNameOf(tx, cycle.recipientUserId),
      amountCents,
      cycle: cycle.number,
    },
    at: now,
  });
  await notify(
    tx,
    now,
    [cycle.recipientUserId],
    offApp ? 'payout_handed_over' : 'payout_received',
    group.id,
    {
      groupName: group.name,
      amount: formatAmount(amountCents),
      cycle: cycle.number,
    },
  );
  await advance(ctx, tx, group, cycle.number);
  return payout!;
}

async function advance(ctx: AppContext, tx: Db, group: Group, paidCycle: number) {
  const now = ctx.clock.now();
  if (paidCycle >= group.totalCycles) {
    await tx.update(groups).set({ status: 'completed', completedAt: now }).where(eq(groups.id, group.id));
    await recordAudit(tx, { action: 'group_completed', subject: String(group.id), at: now });
    await distributeReserve(ctx, tx, group, 'completion');
    const everyone = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group.id));
    await notify(
      tx,
      now,
      everyone.map((m) => m.userId),
      'group_completed',
      group.id,
      { groupName: group.name },
    );
    return;
  }
  const next = paidCycle + 1;
  const [nextCycle] = await tx
    .update(cycles)
    .set({ status: 'collecting' })
    .where(and(eq(cycles.groupId, group.id), eq(cycles.number, next)))
    .returning();
  const members = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  await openCycleContributions(
    tx,
    group,
    next,
    nextCycle!.dueOn,
    members.map((m) => m.userId),
  );
  await tx.update(groups).set({ currentCycle: next }).where(eq(groups.id, group.id));
}
