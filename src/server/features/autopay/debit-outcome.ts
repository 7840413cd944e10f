import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { notify } from '#server/core/notify.ts';
import { paymentSchedules } from '#server/db/autopay-schema.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import type { BankDebit } from '../bank-debits/start-debit.ts';

/** Attempts an auto-pay debit gets: the first, then the retries of the collection settings. */
export const maxAutopayAttempts = (group: Pick<Group, 'autopayRetries'>) => 1 + group.autopayRetries;

/**
 * Keeps the member's auto-pay entry in step with a settled debit (in the settlement's
 * transaction): a success clears the failures; an auto-pay failure counts, and the last allowed
 * one marks the entry failed and tells the admins so they can contact the member.
 */
export async function autopayDebitSettled(ctx: AppContext, tx: Db, group: Group, debit: BankDebit) {
  const mine = and(eq(paymentSchedules.groupId, debit.groupId), eq(paymentSchedules.userId, debit.userId));
  const now = ctx.clock.now();
  if (debit.status === 'succeeded') {
    await tx
      .update(paymentSchedules)
      .set({ failureCount: 0, lastPaymentAt: now, status: 'active', updatedAt: now })
      .where(and(mine, ne(paymentSchedules.status, 'inactive')));
    return;
  }
  if (debit.source !== 'autopay') return;
  const exhausted = debit.attempt >= maxAutopayAttempts(group);
  const [schedule] = await tx.select().from(paymentSchedules).where(mine).for('update');
  if (!schedule) return;
  await tx
    .update(paymentSchedules)
    .set({
      failureCount: schedule.failureCount + 1,
      status: exhausted && schedule.status !== 'inactive' ? 'failed' : schedule.status,
      updatedAt: now,
    })
    .where(eq(paymentSchedules.id, schedule.id));
  if (!exhausted) return;
  const [member] = await tx
    .select({ fullName: users.fullName })
    .from(users)
    .innerJoin(groupMembers, eq(groupMembers.userId, users.id))
    .where(and(eq(users.id, debit.userId), eq(groupMembers.groupId, group.id)));
  await notify(tx, now, await groupAdminIds(tx, group), 'autopay_failed', group.id, {
    groupName: group.name,
    memberName: member?.fullName ?? '',
    failures: schedule.failureCount + 1,
  });
}
