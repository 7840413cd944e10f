import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import { escrowDisputes } from '#server/db/safeguards-schema.ts';
import { inTransaction, postgresError } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { loadEscrow } from './escrow-cycle.ts';

/** A member objects to releasing a cycle's escrow; nothing releases it while the dispute is open. */
export async function openDispute(ctx: AppContext, user: SessionUser, escrowId: number, reason: string) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { cycle, group } = await loadEscrow(tx, escrowId, user.id, { lock: true });
    if (cycle.status === 'paid_out') throw new AppError('CYCLE_ALREADY_PAID_OUT');
    const now = ctx.clock.now();
    let dispute: typeof escrowDisputes.$inferSelect | undefined;
    try {
      [dispute] = await tx.transaction((sp) =>
        sp
          .insert(escrowDisputes)
          .values({ groupId: group.id, cycle: cycle.number, openedBy: user.id, reason, createdAt: now })
          .returning(),
      );
    } catch (error) {
      if (postgresError(error)?.code === '23505') throw new AppError('DISPUTE_ALREADY_OPEN');
      throw error;
    }
    const told = new Set([
      ...(await groupAdminIds(tx, group)),
      ...(cycle.recipientUserId ? [cycle.recipientUserId] : []),
    ]);
    told.delete(user.id);
    await notify(tx, now, [...told], 'escrow_disputed', group.id, {
      groupName: group.name,
      memberName: user.fullName,
      cycle: cycle.number,
    });
    await recordAudit(tx, {
      action: 'escrow_dispute_opened',
      actorUserId: user.id,
      subject: String(dispute!.id),
      details: { groupId: group.id, cycle: cycle.number, reason },
      at: now,
    });
    return dispute!;
  });
}

/** The member who opened it, or an admin (audited, everyone involved told), closes a dispute. */
export async function resolveDispute(
  ctx: AppContext,
  user: SessionUser,
  disputeId: number,
  resolution: string,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const [found] = await tx.select().from(escrowDisputes).where(eq(escrowDisputes.id, disputeId));
    if (!found) throw new AppError('DISPUTE_NOT_FOUND');
    const { group, membership } = await requireMember(tx, found.groupId, user.id, {
      lock: true,
      notFound: 'DISPUTE_NOT_FOUND',
    });
    if (found.openedBy !== user.id && !isGroupAdmin(group, membership))
      throw new AppError('NOT_DISPUTE_PARTY');
    const now = ctx.clock.now();
    const [resolved] = await tx
      .update(escrowDisputes)
      .set({ status: 'resolved', resolvedBy: user.id, resolution, resolvedAt: now })
      .where(and(eq(escrowDisputes.id, disputeId), eq(escrowDisputes.status, 'open')))
      .returning();
    if (!resolved) throw new AppError('DISPUTE_ALREADY_RESOLVED');
    const told = new Set([found.openedBy, ...(await groupAdminIds(tx, group))]);
    told.delete(user.id);
    await notify(tx, now, [...told], 'escrow_dispute_resolved', group.id, {
      groupName: group.name,
      cycle: found.cycle,
      resolution,
    });
    await recordAudit(tx, {
      action: 'escrow_dispute_resolved',
      actorUserId: user.id,
      subject: String(disputeId),
      details: { groupId: group.id, cycle: found.cycle, resolution },
      at: now,
    });
    return resolved;
  });
}
