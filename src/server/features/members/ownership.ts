import { and, eq, gt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '#server/app-context.ts';
import { requireMember, requireOwner } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { publishLive } from '#server/core/live.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups, ownershipTransfers } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { OwnershipTransfer } from '#shared/schemas/members.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** An offer the target has not answered lapses after a week, so a forgotten one does not block the next. */
export const TRANSFER_DAYS = 7;

type TransferRow = typeof ownershipTransfers.$inferSelect;
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

async function viewOf(db: Db, row: TransferRow): Promise<OwnershipTransfer> {
  const [names] = await db
    .select({ from: fromUser.fullName, to: toUser.fullName })
    .from(fromUser)
    .innerJoin(toUser, eq(toUser.id, row.toUserId))
    .where(eq(fromUser.id, row.fromUserId));
  return {
    id: row.id,
    groupId: row.groupId,
    from: { userId: row.fromUserId, fullName: names?.from ?? '' },
    to: { userId: row.toUserId, fullName: names?.to ?? '' },
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The circle's open offer: pending and not yet lapsed. */
async function openTransfer(db: Db, groupId: number, now: Date): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.groupId, groupId),
        eq(ownershipTransfers.status, 'pending'),
        gt(ownershipTransfers.expiresAt, now),
      ),
    );
  return row;
}

/** GET: the open offer, to the owner and to its target; nobody else needs to know of it. */
export async function viewOpenTransfer(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group } = await requireMember(db, groupId, user.id);
  const row = await openTransfer(db, groupId, ctx.clock.now());
  if (!row || (user.id !== group.createdBy && user.id !== row.toUserId)) return null;
  return viewOf(db, row);
}

/**
 * The owner offers the circle to a member. One open offer per circle: a second is refused until the
 * first is canceled, answered or lapsed, so the target of an offer never sees it silently replaced.
 */
export async function offerOwnership(ctx: AppContext, owner: SessionUser, groupId: number, toUserId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireOwner(tx, groupId, owner.id, { lock: true });
    if (toUserId === owner.id) throw new AppError('OWNERSHIP_TRANSFER_TO_SELF');
    const [target] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, toUserId)));
    if (!target) throw new AppError('MEMBER_NOT_FOUND');
    const now = ctx.clock.now();
    // A lapsed offer is closed here (under the group's lock), freeing the one open slot.
    await tx
      .update(ownershipTransfers)
      .set({ status: 'expired' })
      .where(
        and(
          eq(ownershipTransfers.groupId, groupId),
          eq(ownershipTransfers.status, 'pending'),
          lte(ownershipTransfers.expiresAt, now),
        ),
      );
    if (await openTransfer(tx, groupId, now)) throw new AppError('OWNERSHIP_TRANSFER_OPEN');
    const [row] = await tx
      .insert(ownershipTransfers)
      .values({
        groupId,
        fromUserId: owner.id,
        toUserId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TRANSFER_DAYS * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      action: 'ownership_transfer_offered',
      actorUserId: owner.id,
      subject: String(groupId),
      details: { transferId: row!.id, toUserId },
      at: now,
    });
    await notify(tx, now, [toUserId], 'ownership_offered', groupId, {
      groupName: group.name,
      ownerName: owner.fullName,
    });
    await publishLive(tx, { scope: 'group', groupId, topic: 'group' });
    return viewOf(tx, row!);
  });
}

/**
 * The target accepts or declines. Accepting makes them the owner (groups.created_by) under the group's
 * row lock; the former owner stays on as a co-admin, so nobody loses the admin work they were doing.
 */
export async function answerOwnership(ctx: AppContext, user: SessionUser, groupId: number, accept: boolean) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireMember(tx, groupId, user.id, { lock: true });
    const now = ctx.clock.now();
    const row = await openTransfer(tx, groupId, now);
    // Only its target may answer an offer; to anyone else (the owner included) there is none to answer.
    if (!row || row.toUserId !== user.id || row.fromUserId !== group.createdBy)
      throw new AppError('OWNERSHIP_TRANSFER_NOT_FOUND');
    const [closed] = await tx
      .update(ownershipTransfers)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: now })
      .where(eq(ownershipTransfers.id, row.id))
      .returning();
    await recordAudit(tx, {
      action: accept ? 'ownership_transfer_accepted' : 'ownership_transfer_declined',
      actorUserId: user.id,
      subject: String(groupId),
      details: { transferId: row.id, fromUserId: row.fromUserId, toUserId: row.toUserId },
      at: now,
    });
    if (accept) {
      await tx.update(groups).set({ createdBy: user.id }).where(eq(groups.id, groupId));
      // Both keep admin rights: the new owner's role row says so, and the former owner becomes a co-admin.
      await tx
        .update(groupMembers)
        .set({ role: 'admin' })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, row.fromUserId)));
      await tx
        .update(groupMembers)
        .set({ role: 'admin' })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
      await notify(tx, now, [row.fromUserId, user.id], 'ownership_transferred', groupId, {
        groupName: group.name,
        newOwnerName: user.fullName,
      });
    } else {
      await notify(tx, now, [row.fromUserId], 'ownership_declined', groupId, {
        groupName: group.name,
        memberName: user.fullName,
      });
    }
    await publishLive(tx, { scope: 'group', groupId, topic: 'group' });
    return viewOf(tx, closed!);
  });
}

/** The owner withdraws the open offer. */
export async function cancelOwnershipOffer(ctx: AppContext, owner: SessionUser, groupId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    await requireOwner(tx, groupId, owner.id, { lock: true });
    const now = ctx.clock.now();
    const row = await openTransfer(tx, groupId, now);
    if (!row) throw new AppError('OWNERSHIP_TRANSFER_NOT_FOUND');
    const [closed] = await tx
      .update(ownershipTransfers)
      .set({ status: 'canceled', respondedAt: now })
      .where(eq(ownershipTransfers.id, row.id))
      .returning();
    await recordAudit(tx, {
      action: 'ownership_transfer_canceled',
      actorUserId: owner.id,
      subject: String(groupId),
      details: { transferId: row.id, toUserId: row.toUserId },
      at: now,
    });
    await publishLive(tx, { scope: 'group', groupId, topic: 'group' });
    return viewOf(tx, closed!);
  });
}
