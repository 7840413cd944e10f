import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { localToday } from '#server/circle/schedule.ts';
import { AppError } from '#server/core/errors.ts';
import { bankDebits, paymentSchedules } from '#server/db/autopay-schema.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groups } from '#server/db/groups-schema.ts';
import { inTransaction, postgresError } from '#server/db/transaction.ts';
import { verifiedAccountFor } from '#server/payments/bank-accounts/debit-account.ts';
import { addDays } from '#shared/calendar.ts';
import { startDebit } from '../bank-debits/start-debit.ts';
import { submitDebit } from '../bank-debits/submit.ts';
import { maxAutopayAttempts } from './debit-outcome.ts';

/** A failed auto-pay debit is tried again a day later (banks settle, people top up). */
export const AUTOPAY_RETRY_DELAY_MS = 86_400_000;

type AutopayAttempts = { count: number; lastFailedAt: Date | null };

/** The auto-pay debits already made for a contribution. */
export async function autopayAttempts(db: Db, contributionId: number): Promise<AutopayAttempts> {
  const rows = await db
    .select({ status: bankDebits.status, settledAt: bankDebits.settledAt })
    .from(bankDebits)
    .where(and(eq(bankDebits.contributionId, contributionId), eq(bankDebits.source, 'autopay')))
    .orderBy(desc(bankDebits.id));
  return { count: rows.length, lastFailedAt: rows.find((r) => r.status === 'failed')?.settledAt ?? null };
}

/** When auto-pay should next pull this contribution, or null when it should not (any more). */
export function nextAttemptAt(
  attempts: AutopayAttempts,
  dueDate: string,
  group: { autopayRetries: number },
): { onOrAfter: string } | { at: Date } | null {
  if (attempts.count >= maxAutopayAttempts(group)) return null;
  if (attempts.count === 0 || !attempts.lastFailedAt) return { onOrAfter: dueDate };
  return { at: new Date(attempts.lastFailedAt.getTime() + AUTOPAY_RETRY_DELAY_MS) };
}

/**
 * Due work: pulls every unpaid contribution of a member with auto-pay on, on its due date (in the
 * circle's time zone), and retries a failed one a day later until the collection settings' retries
 * run out. Frozen circles take no debits. Safe on any number of instances: the contribution lock
 * and the one-debit-in-flight index let one of them start each debit.
 */
export async function runAutopayDebits(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const candidates = await db
    .select({ contributionId: contributions.id, groupId: groups.id })
    .from(contributions)
    .innerJoin(groups, eq(groups.id, contributions.groupId))
    .innerJoin(
      paymentSchedules,
      and(
        eq(paymentSchedules.groupId, contributions.groupId),
        eq(paymentSchedules.userId, contributions.userId),
      ),
    )
    .where(
      and(
        eq(contributions.status, 'pending'),
        eq(groups.status, 'active'),
        eq(groups.frozen, false),
        inArray(paymentSchedules.status, ['active', 'failed']),
        // Coarse filter in UTC (no zone is more than 14 hours ahead); the exact local check follows.
        lte(contributions.dueDate, addDays(localToday(now, 'UTC'), 1)),
      ),
    );
  let started = 0;
  for (const candidate of candidates) {
    const debitId = await startAutopayDebit(ctx, candidate.groupId, candidate.contributionId).catch(
      (error) => {
        // Another instance got there first, or the member or their account changed meanwhile.
        if (error instanceof AppError || postgresError(error)?.code === '23505') return null;
        throw error;
      },
    );
    if (debitId === null) continue;
    await submitDebit(ctx, debitId);
    started += 1;
  }
  return started;
}

async function startAutopayDebit(ctx: AppContext, groupId: number, contributionId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.clock.now();
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (group?.status !== 'active' || group.frozen) return null;
    const [contribution] = await tx
      .select()
      .from(contributions)
      .where(eq(contributions.id, contributionId))
      .for('update');
    if (contribution?.status !== 'pending') return null;
    const [schedule] = await tx
      .select()
      .from(paymentSchedules)
      .where(and(eq(paymentSchedules.groupId, groupId), eq(paymentSchedules.userId, contribution.userId)));
    if (!schedule || schedule.status === 'inactive') return null;
    const attempts = await autopayAttempts(tx, contribution.id);
    const next = nextAttemptAt(attempts, contribution.dueDate, group);
    if (!next) return null;
    if ('onOrAfter' in next ? localToday(now, group.timeZone) < next.onOrAfter : now < next.at) return null;
    const account = await verifiedAccountFor(tx, contribution.userId, schedule.bankAccountId);
    const debit = await startDebit(tx, {
      contribution,
      bankAccountId: account.id,
      source: 'autopay',
      attempt: attempts.count + 1,
      requestKey: null,
      actorId: null,
      at: now,
    });
    return debit.id;
  });
}
