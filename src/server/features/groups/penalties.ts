import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin, requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { contributions } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { AccountRef } from '#server/ledger/accounts.ts';
import { captureHold, placeHold } from '#server/ledger/holds.ts';
import type { TransferInput } from '#server/ledger/transfer-input.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { resolvePenaltyRecord } from './penalty-records.ts';
import { distributeReserve } from './reserve-distribution.ts';

/**
 * The contribution and its group, locked group first (the order every money operation takes).
 * An admin records or waives anyone's penalty; from the wallet, only the late member pays their own.
 */
async function owedPenalty(tx: Db, user: SessionUser, contributionId: number, by: 'admin' | 'self') {
  const byId = eq(contributions.id, contributionId);
  const [found] = await tx.select({ groupId: contributions.groupId }).from(contributions).where(byId);
  if (!found) throw new AppError('CONTRIBUTION_NOT_FOUND');
  const access = by === 'admin' ? requireAdmin : requireMember;
  const { group } = await access(tx, found.groupId, user.id, {
    lock: true,
    notFound: 'CONTRIBUTION_NOT_FOUND',
  });
  const [row] = await tx.select().from(contributions).where(byId).for('update');
  if (row!.penaltyStatus !== 'owed') throw new AppError('NO_PENALTY_OWED');
  if (by === 'self' && row!.userId !== user.id) throw new AppError('PENALTY_NOT_YOURS');
  return { row: row!, group };
}

/**
 * The late penalty is paid into the group's reserve: recorded by an admin as paid in cash or by
 * bank (external → reserve), or paid by the late member from their wallet (wallet → reserve,
 * through a hold, as all wallet money leaves, so money set aside for a withdrawal is not spent).
 */
export async function payPenalty(
  ctx: AppContext,
  user: SessionUser,
  contributionId: number,
  method: 'cash' | 'bank' | 'wallet',
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const fromWallet = method === 'wallet';
    const { row, group } = await owedPenalty(tx, user, contributionId, fromWallet ? 'self' : 'admin');
    const now = ctx.clock.now();
    const memo = `Late penalty, cycle ${row.cycle}`;
    const from: AccountRef = fromWallet
      ? { kind: 'wallet', userId: row.userId }
      : { kind: 'external', name: method };
    const transfer: TransferInput = {
      idempotencyKey: `penalty:${row.id}`,
      kind: 'penalty',
      groupId: group.id,
      userId: row.userId,
      memo,
      at: now,
      legs: [
        { account: from, amountCents: -row.penaltyCents },
        { account: { kind: 'reserve', groupId: group.id }, amountCents: row.penaltyCents },
      ],
    };
    if (fromWallet) {
      const hold = await placeHold(tx, {
        account: from,
        amountCents: row.penaltyCents,
        idempotencyKey: transfer.idempotencyKey,
        memo,
        at: now,
      });
      await captureHold(tx, hold.id, transfer);
    } else await postTransfer(tx, transfer);
    const [updated] = await tx
      .update(contributions)
      .set({ penaltyStatus: 'paid' })
      .where(eq(contributions.id, row.id))
      .returning();
    await resolvePenaltyRecord(tx, row.id, now);
    // After the circle has completed, the reserve belongs to the members without debts.
    if (group.status === 'completed') await distributeReserve(ctx, tx, group, `penalty:${row.id}`);
    await recordAudit(tx, {
      action: 'penalty_paid',
      actorUserId: user.id,
      subject: String(row.id),
      details: { cents: row.penaltyCents, method },
      at: now,
    });
    return updated!;
  });
}

/** An admin forgives a late penalty; nothing moves, and the waiver is on the audit record. */
export async function waivePenalty(
  ctx: AppContext,
  admin: SessionUser,
  contributionId: number,
  reason: string,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { row, group } = await owedPenalty(tx, admin, contributionId, 'admin');
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(contributions)
      .set({ penaltyStatus: 'waived' })
      .where(eq(contributions.id, row.id))
      .returning();
    await resolvePenaltyRecord(tx, row.id, now);
    await recordAudit(tx, {
      action: 'penalty_waived',
      actorUserId: admin.id,
      subject: String(row.id),
      details: { cents: row.penaltyCents, reason },
      at: now,
    });
    // A member whose last debt is waived may now share what a completed circle's reserve still holds.
    if (group.status === 'completed') await distributeReserve(ctx, tx, group, `waiver:${row.id}`);
    return updated!;
  });
}
