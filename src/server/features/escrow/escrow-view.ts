import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { contributions, cycles, groupMembers, payouts } from '#server/db/groups-schema.ts';
import { escrowDisputes, pendingActionApprovals, pendingActions } from '#server/db/safeguards-schema.ts';
import { users } from '#server/db/schema.ts';
import { ledgerAccounts, ledgerEntries } from '#server/ledger/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isGroupAdmin, requireMember } from '../groups/group-access.ts';
import { loadSafeguards, whenOn } from '../safeguards/rules.ts';
import { checkRelease, requiredPaid } from './release-gate.ts';

type EscrowStatus = 'collecting' | 'ready_for_release' | 'released' | 'disputed';

/**
 * The Escrow tab: one escrow per started cycle (its ledger account), with its status, target and
 * balance, contributors, approvals, auto-release flag and counts of its transactions; disputes and
 * the release waiting for signatures; what the safeguards do to it.
 */
export async function escrowView(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const now = ctx.clock.now();
  const started = and(eq(cycles.groupId, groupId), ne(cycles.status, 'upcoming'));
  const [rows, paid, balances, entryCounts, inFlight, disputes, releases, safeguards, [members]] =
    await Promise.all([
      db
        .select({ c: cycles, recipientName: users.fullName, payout: payouts })
        .from(cycles)
        .leftJoin(users, eq(users.id, cycles.recipientUserId))
        .leftJoin(payouts, and(eq(payouts.groupId, cycles.groupId), eq(payouts.cycle, cycles.number)))
        .where(started)
        .orderBy(desc(cycles.number)),
      db
        .select({ cycle: contributions.cycle, n: count() })
        .from(contributions)
        .where(and(eq(contributions.groupId, groupId), eq(contributions.status, 'paid')))
        .groupBy(contributions.cycle),
      db
        .select({ cycle: ledgerAccounts.cycle, cents: ledgerAccounts.balanceCents, id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.groupId, groupId), eq(ledgerAccounts.kind, 'escrow'))),
      db
        .select({ cycle: ledgerAccounts.cycle, n: count() })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(eq(ledgerAccounts.groupId, groupId), eq(ledgerAccounts.kind, 'escrow')))
        .groupBy(ledgerAccounts.cycle),
      db
        .select({ cycle: contributions.cycle, n: count() })
        .from(bankDebits)
        .innerJoin(contributions, eq(contributions.id, bankDebits.contributionId))
        .where(and(eq(bankDebits.groupId, groupId), inArray(bankDebits.status, ['requested', 'processing'])))
        .groupBy(contributions.cycle),
      db
        .select({ d: escrowDisputes, openedByName: users.fullName })
        .from(escrowDisputes)
        .innerJoin(users, eq(users.id, escrowDisputes.openedBy))
        .where(eq(escrowDisputes.groupId, groupId))
        .orderBy(desc(escrowDisputes.id)),
      db
        .select({
          id: pendingActions.id,
          status: pendingActions.status,
          cycle: sql<number>`(${pendingActions.payload} ->> 'cycle')::int`,
          requiredApprovals: pendingActions.requiredApprovals,
          blockedBy: pendingActions.blockedBy,
          approvals: sql<number>`(select count(*)::int from ${pendingActionApprovals} where ${pendingActionApprovals.actionId} = ${pendingActions.id})`,
        })
        .from(pendingActions)
        .where(
          and(
            eq(pendingActions.groupId, groupId),
            eq(pendingActions.type, 'release_escrow'),
            or(
              eq(pendingActions.status, 'pending'),
              and(eq(pendingActions.status, 'approved'), sql`${pendingActions.executedAt} is null`),
            ),
          ),
        ),
      loadSafeguards(db, groupId),
      db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId)),
    ]);
  const byCycle = <T extends { cycle: number | null }>(list: T[]) => new Map(list.map((r) => [r.cycle, r]));
  const paidOf = byCycle(paid);
  const balanceOf = byCycle(balances);
  const entriesOf = byCycle(entryCounts);
  const inFlightOf = byCycle(inFlight);
  const releaseOf = byCycle(releases);
  const multiSignature = whenOn(safeguards.multi_signature);
  const memberCount = members?.n ?? 0;
  const threshold = group.minContributionThreshold;
  const poolCents = group.contributionCents * group.memberLimit;
  const admin = isGroupAdmin(group, membership);

  const current = rows.find((r) => r.c.status === 'collecting');
  const currentCheck = current
    ? await checkRelease(db, group, current.c.number, threshold / 100, safeguards, now, {
        ignoreTimeLock: multiSignature !== null,
      })
    : null;

  const escrows = rows.map(({ c, recipientName, payout }) => {
    const open = disputes.filter((d) => d.d.cycle === c.number && d.d.status === 'open');
    const paidCount = paidOf.get(c.number)?.n ?? 0;
    const release = releaseOf.get(c.number);
    const status: EscrowStatus =
      c.status === 'paid_out'
        ? 'released'
        : open.length > 0
          ? 'disputed'
          : paidCount >= requiredPaid(memberCount, threshold / 100)
            ? 'ready_for_release'
            : 'collecting';
    const isCurrent = current?.c.id === c.id;
    return {
      id: c.id,
      cycleNumber: c.number,
      status,
      totalTarget: formatAmount(poolCents),
      currentBalance: formatAmount(balanceOf.get(c.number)?.cents ?? 0),
      recipientId: c.recipientUserId,
      recipientName: recipientName ?? '',
      releaseDate: payout?.paidAt?.toISOString().slice(0, 10) ?? c.payoutOn,
      released: payout
        ? {
            amount: formatAmount(payout.amountCents),
            fee: formatAmount(payout.feeCents),
            at: payout.paidAt?.toISOString() ?? null,
          }
        : null,
      conditions: {
        minimumContributions: threshold,
        requiredApprovals: release?.requiredApprovals ?? multiSignature?.requiredApprovals ?? 0,
        currentApprovals: release?.approvals ?? 0,
        autoReleaseEnabled: group.autoPayout,
      },
      contributors: paidCount,
      memberCount,
      // As View Details lists them: a release shows as the recipient's part and the fee.
      transactionCount:
        (entriesOf.get(c.number)?.n ?? 0) +
        (inFlightOf.get(c.number)?.n ?? 0) +
        (payout && payout.feeCents > 0 ? 1 : 0),
      unlocksAt: isCurrent ? (currentCheck?.unlocksAt?.toISOString() ?? null) : null,
      pendingRelease: release
        ? { actionId: release.id, status: release.status, blockedBy: release.blockedBy }
        : null,
      canRelease:
        admin && isCurrent && status === 'ready_for_release' && !release && currentCheck?.blocker === null,
      releaseBlockedBy: isCurrent && status !== 'released' ? (currentCheck?.blocker ?? null) : null,
      disputes: disputes
        .filter((d) => d.d.cycle === c.number)
        .map(({ d, openedByName }) => ({
          id: d.id,
          status: d.status,
          reason: d.reason,
          resolution: d.resolution,
          openedBy: openedByName,
          openedById: d.openedBy,
          createdAt: d.createdAt.toISOString(),
          resolvedAt: d.resolvedAt?.toISOString() ?? null,
          canResolve: d.status === 'open' && (admin || d.openedBy === user.id),
        })),
    };
  });
  return {
    escrows,
    safeguards: {
      multiSignature: multiSignature?.requiredApprovals ?? null,
      timeLockHours: whenOn(safeguards.time_lock)?.hours ?? null,
      thirdPartyCustody: safeguards.third_party_custody.enabled,
    },
    viewer: { userId: user.id, isAdmin: admin },
    frozen: group.frozen,
  };
}
