import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin } from '#server/circle/access.ts';
import { poolCents, requiredPaid } from '#server/circle/rules.ts';
import { AppError } from '#server/core/errors.ts';
import { cycles, groupMembers, groups } from '#server/db/groups-schema.ts';
import { rowFromJson } from '#server/db/json-row.ts';
import { escrowDisputes } from '#server/db/safeguards-schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { safeguardsFromJson, whenOn } from '../safeguards/rules.ts';
import { loadEscrowViewRow } from './escrow-view-query.ts';
import { checkRelease, type ReleaseFacts } from './release-gate.ts';

type EscrowStatus = 'collecting' | 'ready_for_release' | 'released' | 'disputed';

/**
 * The Escrow tab: one escrow per started cycle (its ledger account), with its status, target and
 * balance, contributors, approvals, auto-release flag and counts of its transactions; disputes and
 * the release waiting for signatures; what the safeguards do to it.
 */
export async function escrowView(ctx: AppContext, user: SessionUser, groupId: number) {
  const row = await loadEscrowViewRow(ctx.database.db, groupId, user.id);
  // To anyone outside the group, it does not exist.
  if (!row?.membership) throw new AppError('GROUP_NOT_FOUND');
  const group = rowFromJson(groups, row.group);
  const membership = rowFromJson(groupMembers, row.membership);
  const safeguards = safeguardsFromJson(row.safeguards);
  const rows = row.cycles.map((r) => ({ ...r, c: rowFromJson(cycles, r.cycle) }));
  const disputes = row.disputes.map((d) => ({
    d: rowFromJson(escrowDisputes, d.dispute),
    openedByName: d.openedByName,
  }));
  const releaseOf = new Map(row.releases.map((r) => [r.cycle, r]));
  const multiSignature = whenOn(safeguards.multi_signature);
  const memberCount = row.memberCount;
  const threshold = group.minContributionThreshold;
  const pool = poolCents(group);
  const admin = isGroupAdmin(group, membership);

  // The release gate judges the current cycle from the rows already loaded.
  const current = rows.find((r) => r.c.status === 'collecting');
  const facts: ReleaseFacts = {
    cycle: async (number) => rows.find((r) => r.c.number === number)?.c,
    openDisputes: async (cycle) =>
      disputes.filter((d) => d.d.cycle === cycle && d.d.status === 'open').length,
    memberCount: async () => memberCount,
    // Loaded for the cycle being collected, the only one the gate ever asks about.
    readyAt: async (cycle, k) => {
      const paidAt = cycle === group.currentCycle && k > 0 ? row.currentPaidAt[k - 1] : undefined;
      return paidAt ? new Date(paidAt) : null;
    },
  };
  const currentCheck = current
    ? await checkRelease(facts, group, current.c.number, threshold / 100, safeguards, ctx.clock.now(), {
        ignoreTimeLock: multiSignature !== null,
      })
    : null;

  const escrows = rows.map(
    ({ c, recipientName, payout, paid: paidCount, balanceCents, entries, inFlight }) => {
      const open = disputes.filter((d) => d.d.cycle === c.number && d.d.status === 'open');
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
        totalTarget: formatAmount(pool),
        currentBalance: formatAmount(Number(balanceCents)),
        recipientId: c.recipientUserId,
        recipientName: recipientName ?? '',
        releaseDate: payout?.paidAt?.slice(0, 10) ?? c.payoutOn,
        released: payout
          ? {
              amount: formatAmount(payout.amountCents),
              fee: formatAmount(payout.feeCents),
              at: payout.paidAt,
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
        transactionCount: entries + inFlight + (payout && payout.feeCents > 0 ? 1 : 0),
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
    },
  );
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
