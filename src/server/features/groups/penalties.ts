import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { contributions } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError } from '#server/http/app-error.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { requireAdmin } from './group-access.ts';
import { resolvePenaltyRecord } from './penalty-records.ts';
import { distributeReserve } from './reserve-distribution.ts';

/** The contribution and its group, locked group first (the order every money operation takes). */
async function owedPenalty(tx: Db, admin: SessionUser, contributionId: number) {
  const byId = eq(contributions.id, contributionId);
  const [found] = await tx.select({ groupId: contributions.groupId }).from(contributions).where(byId);
  if (!found) throw new AppError('CONTRIBUTION_NOT_FOUND');
  const { group } = await requireAdmin(tx, found.groupId, admin.id, { lock: true });
  const [row] = await tx.select().from(contributions).where(byId).for('update');
  if (row!.penaltyStatus !== 'owed') throw new AppError('NO_PENALTY_OWED');
  return { row: row!, group };
}

/** The late member paid the penalty (recorded by an admin): external → the group's reserve. */
export async function payPenalty(
  ctx: AppContext,
  admin: SessionUser,
  contributionId: number,
  method: 'cash' | 'bank',
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { row, group } = await owedPenalty(tx, admin, contributionId);
    const now = ctx.clock.now();
    await postTransfer(tx, {
      idempotencyKey: `penalty:${row.id}`,
      kind: 'penalty',
      groupId: group.id,
      userId: row.userId,
      memo: `Late penalty, cycle ${row.cycle}`,
      at: now,
      legs: [
        { account: { kind: 'external', name: method }, amountCents: -row.penaltyCents },
        { account: { kind: 'reserve', groupId: group.id }, amountCents: row.penaltyCents },
      ],
    });
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
      actorUserId: admin.id,
      subject: String(row.id),
      details: { cents: row.penaltyCents },
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
    const { row, group } = await owedPenalty(tx, admin, contributionId);
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
