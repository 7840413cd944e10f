import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { publishLive } from '#server/core/live.ts';
import type { Db } from '#server/db/client.ts';
import { groups } from '#server/db/groups-schema.ts';
import { memberDebts } from '#server/db/membership-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { captureHold, placeHold } from '#server/ledger/holds.ts';
import type { TransferInput } from '#server/ledger/transfers.ts';
import type { MemberDebt } from '#shared/schemas/membership.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { distributeReserve } from '../groups/reserve-distribution.ts';

type DebtRow = typeof memberDebts.$inferSelect;

const view = (d: DebtRow, groupName: string): MemberDebt => ({
  id: d.id,
  groupId: d.groupId,
  groupName,
  reason: d.reason,
  amountCents: d.amountCents,
  paidCents: d.paidCents,
  remainingCents: d.amountCents - d.paidCents,
  createdAt: d.createdAt.toISOString(),
  settledAt: d.settledAt?.toISOString() ?? null,
});

/** GET /api/debts/mine: the caller's debts to circles' reserves, open ones first; removed members too. */
export async function myDebts(db: Db, user: SessionUser) {
  const rows = await db
    .select({ d: memberDebts, groupName: groups.name })
    .from(memberDebts)
    .innerJoin(groups, eq(groups.id, memberDebts.groupId))
    .where(eq(memberDebts.userId, user.id))
    .orderBy(desc(memberDebts.id))
    .limit(100);
  const debts = rows.map(({ d, groupName }) => view(d, groupName));
  return { debts: [...debts.filter((d) => !d.settledAt), ...debts.filter((d) => d.settledAt)] };
}

/**
 * POST /api/debts/{id}/pay: the whole remaining amount from the wallet's available balance (through a
 * hold, like every wallet payment, so money set aside for a withdrawal is not spent) into the
 * circle's reserve, or INSUFFICIENT_FUNDS. After completion the reserve belongs to the members
 * without debts, so the payment is shared at once (as a late penalty paid afterwards is).
 */
export async function payDebt(ctx: AppContext, user: SessionUser, debtId: number) {
  const { db } = ctx.database;
  return inTransaction(db, async (tx) => {
    // Only the debtor sees it: to anyone else it does not exist.
    const [owned] = await tx
      .select({ groupId: memberDebts.groupId })
      .from(memberDebts)
      .where(and(eq(memberDebts.id, debtId), eq(memberDebts.userId, user.id)));
    if (!owned) throw new AppError('DEBT_NOT_FOUND');
    // The group lock first, as every change to a circle's money takes it; then the debt row.
    const [group] = await tx.select().from(groups).where(eq(groups.id, owned.groupId)).for('update');
    const [debt] = await tx.select().from(memberDebts).where(eq(memberDebts.id, debtId)).for('update');
    if (!group || !debt) throw new AppError('DEBT_NOT_FOUND');
    if (debt.settledAt) throw new AppError('DEBT_SETTLED');
    const now = ctx.clock.now();
    const cents = debt.amountCents - debt.paidCents;
    const wallet = { kind: 'wallet' as const, userId: user.id };
    const transfer: TransferInput = {
      idempotencyKey: `member-debt:${debt.id}:${debt.paidCents}`,
      kind: 'debt_payment',
      groupId: group.id,
      userId: user.id,
      memo: `Debt to the reserve of ${group.name}`,
      at: now,
      legs: [
        { account: wallet, amountCents: -cents },
        { account: { kind: 'reserve', groupId: group.id }, amountCents: cents },
      ],
    };
    const hold = await placeHold(tx, {
      account: wallet,
      amountCents: cents,
      idempotencyKey: transfer.idempotencyKey,
      memo: transfer.memo ?? undefined,
      at: now,
    });
    await captureHold(tx, hold.id, transfer);
    const [paid] = await tx
      .update(memberDebts)
      .set({ paidCents: debt.amountCents, settledAt: now })
      .where(eq(memberDebts.id, debt.id))
      .returning();
    await recordAudit(tx, {
      action: 'member_debt_paid',
      actorUserId: user.id,
      subject: String(debt.id),
      details: { groupId: group.id, cents, reason: debt.reason },
      at: now,
    });
    if (group.status === 'completed') await distributeReserve(ctx, tx, group, `member-debt:${debt.id}`);
    await publishLive(tx, { scope: 'group', groupId: group.id, topic: 'group' });
    return { success: true as const, debt: view(paid!, group.name) };
  });
}
