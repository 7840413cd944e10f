import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { type Group, requireAdmin, requireAdminOfLocked, requireMember } from '#server/circle/access.ts';
import { contributionPaid } from '#server/circle/contribution-listeners.ts';
import { emergencyShareCents } from '#server/circle/rules.ts';
import { overdueFrom } from '#server/circle/schedule.ts';
import { auditWrite, recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { systemMessageWrite } from '#server/core/group-chat.ts';
import { notificationWrite } from '#server/core/notify.ts';
import { productEventWrite } from '#server/core/product-events.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groups } from '#server/db/groups-schema.ts';
import { prepared } from '#server/db/prepared.ts';
import { users } from '#server/db/schema.ts';
import { writeTogether } from '#server/db/statement.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { formatAmount, percentOfCents } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { refreshMemberStanding } from '../group-settings/member-standing.ts';
import { recordPenaltyCharged } from './penalty-records.ts';

export type PaymentMethod = 'cash' | 'bank_transfer' | 'mobile_money' | 'check' | 'other';
export type Contribution = typeof contributions.$inferSelect;

/**
 * What settling needs beyond the row: the cycle's state (paid out or not), the payer's name for the
 * chat line, and the payer's standing in the circle (only an inactive member's can change by paying).
 */
type SettlementFacts = { cycleStatus: string | null; memberName: string; memberStatus: string | null };
type LockedContribution = Contribution & SettlementFacts;

// Written out in SQL with aliases: in a one-table select drizzle leaves its columns unqualified, and
// inside a subquery an unqualified column would name the subquery's own table.
const cycleStatusOfRow = sql<string | null>`(select cy.status from cycles cy
  where cy.group_id = contributions.group_id and cy.number = contributions.cycle)`;
const memberNameOfRow = sql<string>`coalesce((select u.full_name from users u
  where u.id = contributions.user_id), '')`;
const memberStatusOfRow = sql<string | null>`(select gm.status from group_members gm
  where gm.group_id = contributions.group_id and gm.user_id = contributions.user_id)`;

// Built once (db/prepared.ts): every payment reads its contribution through one of these. The locked
// read brings the settlement's facts along: a confirmation is a round trip shorter.
const lockedContribution = prepared<{ groupId: number; cycle: number; userId: number }, LockedContribution[]>(
  'locked_contribution',
  (db) =>
    db
      .select({
        ...getTableColumns(contributions),
        cycleStatus: cycleStatusOfRow,
        memberName: memberNameOfRow,
        memberStatus: memberStatusOfRow,
      })
      .from(contributions)
      .where(
        and(
          eq(contributions.groupId, sql.placeholder('groupId')),
          eq(contributions.cycle, sql.placeholder('cycle')),
          eq(contributions.userId, sql.placeholder('userId')),
        ),
      )
      .for('update'),
);
/**
 * The circle of a contribution, locked, with whose and which cycle's contribution it is (those never
 * change): the circle's lock first, as every money operation takes it, in one round trip.
 */
const lockedGroupOfContribution = prepared<{ id: number }, { group: Group; userId: number; cycle: number }[]>(
  'locked_group_of_contribution',
  (db) =>
    db
      .select({ group: groups, userId: contributions.userId, cycle: contributions.cycle })
      .from(groups)
      .innerJoin(contributions, eq(contributions.groupId, groups.id))
      .where(eq(contributions.id, sql.placeholder('id')))
      .for('update', { of: groups }),
);

export async function currentContribution(tx: Db, group: Group, userId: number, cycle = group.currentCycle) {
  if (group.status !== 'active') throw new AppError('GROUP_NOT_ACTIVE');
  const [row] = await lockedContribution(tx, { groupId: group.id, cycle, userId });
  if (!row) throw new AppError('CONTRIBUTION_NOT_FOUND');
  if (row.status === 'paid') throw new AppError('ALREADY_PAID');
  // A bank debit is on its way: settling it another way too would take the money twice.
  if (row.status === 'processing') throw new AppError('DEBIT_IN_PROGRESS');
  return row;
}

/** "I paid": the member records an off-app payment; nothing moves in the ledger until an admin confirms. */
export async function reportPayment(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: { method: PaymentMethod; reference?: string },
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireMember(tx, groupId, user.id);
    const row = await currentContribution(tx, group, user.id);
    const [updated] = await tx
      .update(contributions)
      .set({
        status: 'reported',
        paymentMethod: input.method,
        reference: input.reference ?? null,
        reportedAt: now,
      })
      .where(eq(contributions.id, row.id))
      .returning();
    await recordAudit(tx, {
      action: 'contribution_reported',
      actorUserId: user.id,
      subject: String(row.id),
      at: now,
    });
    return updated!;
  });
}

export type Settlement = {
  /** Who confirmed it: an admin, or null when the bank debit settled by itself. */
  actorId: number | null;
  method: string;
  reference: string | null;
  /** When the member paid (a bank debit: when it was started); lateness is judged at that moment. */
  paidAt?: Date;
};

const settlementFactsStatement = prepared<
  { groupId: number; cycle: number; userId: number },
  SettlementFacts[]
>('settlement_facts', (db) =>
  db
    .select({
      cycleStatus: sql<string | null>`(select cy.status from cycles cy
        where cy.group_id = ${sql.placeholder('groupId')} and cy.number = ${sql.placeholder('cycle')})`,
      memberName: users.fullName,
      memberStatus: sql<string | null>`(select gm.status from group_members gm
        where gm.group_id = ${sql.placeholder('groupId')} and gm.user_id = ${sql.placeholder('userId')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** The facts, from the row when it was read by currentContribution, else in one round trip. */
async function settlementFacts(
  tx: Db,
  row: Contribution & Partial<SettlementFacts>,
): Promise<SettlementFacts> {
  if (row.memberName !== undefined && row.cycleStatus !== undefined && row.memberStatus !== undefined)
    return { cycleStatus: row.cycleStatus, memberName: row.memberName, memberStatus: row.memberStatus };
  const [facts] = await settlementFactsStatement(tx, {
    groupId: row.groupId,
    cycle: row.cycle,
    userId: row.userId,
  });
  return {
    cycleStatus: facts?.cycleStatus ?? null,
    memberName: facts?.memberName ?? '',
    memberStatus: facts?.memberStatus ?? null,
  };
}

/** A placeholder where drizzle's update wants a value (the column's type comes from the table). */
const value = (name: string) => sql`${sql.placeholder(name)}`;

const settledContribution = prepared<
  Pick<
    Contribution,
    | 'id'
    | 'paidAt'
    | 'paymentMethod'
    | 'reference'
    | 'confirmedBy'
    | 'late'
    | 'penaltyCents'
    | 'penaltyStatus'
    | 'ledgerTransferId'
  >,
  Contribution[]
>('settle_contribution', (db) =>
  db
    .update(contributions)
    .set({
      status: 'paid',
      paidAt: value('paidAt'),
      paymentMethod: value('paymentMethod'),
      reference: value('reference'),
      confirmedBy: value('confirmedBy'),
      late: value('late'),
      penaltyCents: value('penaltyCents'),
      penaltyStatus: value('penaltyStatus'),
      ledgerTransferId: value('ledgerTransferId'),
    })
    .where(eq(contributions.id, sql.placeholder('id')))
    .returning(),
);

/**
 * Settles a contribution: external → the cycle's escrow, in the same transaction as the row and
 * the audit record. Settling after due date + grace marks it late and charges the group's penalty,
 * unless an admin already charged it while it was overdue (Apply Penalty).
 */
export async function settleContribution(
  ctx: AppContext,
  tx: Db,
  group: Group,
  row: Contribution & Partial<SettlementFacts>,
  { actorId, method, reference, paidAt }: Settlement,
) {
  const now = ctx.clock.now();
  const late = (paidAt ?? now) >= overdueFrom(row.dueDate, row.graceDays, group.timeZone);
  const alreadyCharged = row.penaltyStatus !== 'none';
  const penaltyCents = alreadyCharged
    ? row.penaltyCents
    : late
      ? percentOfCents(row.amountCents, group.penaltyPercentage * 100)
      : 0;
  const { cycleStatus, memberName, memberStatus } = await settlementFacts(tx, row);
  // A cycle already paid out was covered by the reserve: the late member now repays the reserve.
  const destination =
    cycleStatus === 'paid_out'
      ? ({ kind: 'reserve', groupId: group.id } as const)
      : ({ kind: 'escrow', groupId: group.id, cycle: row.cycle } as const);
  const { transferId } = await postContribution(tx, group, row, {
    external: method === 'cash' ? 'cash' : 'bank',
    destination,
    at: now,
  });
  const [updated] = await settledContribution(tx, {
    id: row.id,
    paidAt: now,
    paymentMethod: method,
    reference,
    confirmedBy: actorId,
    late: late || alreadyCharged,
    penaltyCents,
    penaltyStatus: alreadyCharged ? row.penaltyStatus : penaltyCents > 0 ? 'owed' : 'none',
    ledgerTransferId: transferId,
  });
  if (!alreadyCharged && penaltyCents > 0)
    await recordPenaltyCharged(tx, { contribution: row, penaltyCents, appliedBy: null, at: now });
  // The member's notice, the circle's chat line, the audit record and the product event: one round trip.
  await writeTogether(tx, [
    notificationWrite(now, [row.userId], 'contribution_confirmed', group.id, {
      groupName: group.name,
      amount: formatAmount(row.amountCents),
      cycle: row.cycle,
    }),
    systemMessageWrite({
      groupId: group.id,
      kind: 'contribution_confirmed',
      params: { memberName, amountCents: row.amountCents, cycle: row.cycle },
      at: now,
    }),
    auditWrite({
      action: 'contribution_confirmed',
      actorUserId: actorId,
      subject: String(row.id),
      details: { late, penaltyCents, method },
      at: now,
    }),
    productEventWrite({ name: 'contribution', userId: row.userId, groupId: group.id, at: now }),
  ]);
  // Catching up may bring an inactive member back (below the circle's max missed payments). Paying
  // cannot make an active member inactive: one already behind is the due-work sweep's, not this payment's.
  if (memberStatus === 'inactive') await refreshMemberStanding(ctx, tx, group, row.userId);
  await contributionPaid(tx, { contributionId: row.id, groupId: group.id, userId: row.userId, at: now });
  return updated!;
}

/**
 * The one place a contribution is posted to the ledger (cash confirm, recorded payment, settled bank
 * debit all settle through settleContribution): payer → escrow, less the emergency-fund share, which
 * goes to the circle's reserve (decision 0030). Money for a cycle already paid out all goes to the
 * reserve, which covered it.
 */
export function postContribution(
  tx: Db,
  group: Group,
  row: Contribution,
  {
    external,
    destination,
    at,
  }: {
    external: 'cash' | 'bank';
    destination: { kind: 'reserve'; groupId: number } | { kind: 'escrow'; groupId: number; cycle: number };
    at: Date;
  },
) {
  const share = destination.kind === 'escrow' ? emergencyShareCents(group, row.amountCents) : 0;
  const legs = [
    { account: { kind: 'external', name: external } as const, amountCents: -row.amountCents },
    { account: destination, amountCents: row.amountCents - share },
  ];
  if (share > 0) legs.push({ account: { kind: 'reserve', groupId: group.id }, amountCents: share });
  return postTransfer(tx, {
    idempotencyKey: `contribution:${row.id}`,
    kind: 'contribution',
    groupId: group.id,
    userId: row.userId,
    memo: `Cycle ${row.cycle} contribution`,
    at,
    legs,
  });
}

/** An admin confirms a reported (or still pending) contribution, in the caller's transaction. */
export async function confirmContributionIn(
  ctx: AppContext,
  tx: Db,
  admin: SessionUser,
  contributionId: number,
) {
  const [found] = await lockedGroupOfContribution(tx, { id: contributionId });
  if (!found) throw new AppError('CONTRIBUTION_NOT_FOUND');
  const { group } = await requireAdminOfLocked(tx, found.group, admin.id, {
    notFound: 'CONTRIBUTION_NOT_FOUND',
  });
  const row = await currentContribution(tx, group, found.userId, found.cycle);
  const method = row.status === 'reported' ? row.paymentMethod : 'cash';
  return settleContribution(ctx, tx, group, row, { actorId: admin.id, method, reference: row.reference });
}

export function confirmContribution(ctx: AppContext, admin: SessionUser, contributionId: number) {
  return inTransaction(ctx.database.db, (tx) => confirmContributionIn(ctx, tx, admin, contributionId));
}

export type RecordedPayment = { userId: number; cycle?: number; method: PaymentMethod; reference?: string };

/**
 * An admin records a payment received in person (cash at the meeting) and settles it at once, in the
 * caller's transaction.
 */
export async function recordPaymentIn(
  ctx: AppContext,
  tx: Db,
  admin: SessionUser,
  groupId: number,
  input: RecordedPayment,
) {
  const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
  const row = await currentContribution(tx, group, input.userId, input.cycle ?? group.currentCycle);
  return settleContribution(ctx, tx, group, row, {
    actorId: admin.id,
    method: input.method,
    reference: input.reference ?? null,
  });
}

export function recordPayment(ctx: AppContext, admin: SessionUser, groupId: number, input: RecordedPayment) {
  return inTransaction(ctx.database.db, (tx) => recordPaymentIn(ctx, tx, admin, groupId, input));
}
