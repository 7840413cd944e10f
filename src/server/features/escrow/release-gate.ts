import { and, asc, count, eq } from 'drizzle-orm';
import type { Group } from '#server/circle/access.ts';
import { requiredPaid } from '#server/circle/rules.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, cycles, groupMembers } from '#server/db/groups-schema.ts';
import { escrowDisputes } from '#server/db/safeguards-schema.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { type Safeguards, whenOn } from '../safeguards/rules.ts';

export type Cycle = typeof cycles.$inferSelect;

/**
 * What the release decision reads about a circle: from the database inside the releasing
 * transaction (`releaseFactsFrom`), or from the rows the Escrow tab has already loaded.
 */
export type ReleaseFacts = {
  cycle(number: number): Promise<Cycle | undefined>;
  openDisputes(cycle: number): Promise<number>;
  memberCount(): Promise<number>;
  /** When the cycle's k-th contribution was paid: the moment its escrow became ready (null if not yet). */
  readyAt(cycle: number, k: number): Promise<Date | null>;
};

export function releaseFactsFrom(tx: Db, groupId: number): ReleaseFacts {
  return {
    async cycle(number) {
      const [row] = await tx
        .select()
        .from(cycles)
        .where(and(eq(cycles.groupId, groupId), eq(cycles.number, number)));
      return row;
    },
    async openDisputes(cycle) {
      const [row] = await tx
        .select({ n: count() })
        .from(escrowDisputes)
        .where(
          and(
            eq(escrowDisputes.groupId, groupId),
            eq(escrowDisputes.cycle, cycle),
            eq(escrowDisputes.status, 'open'),
          ),
        );
      return row?.n ?? 0;
    },
    async memberCount() {
      const [row] = await tx
        .select({ n: count() })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, groupId));
      return row?.n ?? 0;
    },
    async readyAt(cycle, k) {
      if (k <= 0) return null;
      const [row] = await tx
        .select({ paidAt: contributions.paidAt })
        .from(contributions)
        .where(
          and(
            eq(contributions.groupId, groupId),
            eq(contributions.cycle, cycle),
            eq(contributions.status, 'paid'),
          ),
        )
        .orderBy(asc(contributions.paidAt), asc(contributions.id))
        .offset(k - 1)
        .limit(1);
      return row?.paidAt ?? null;
    },
  };
}

export type ReleaseCheck = {
  cycle: Cycle;
  /** The first reason the escrow cannot be released right now, or null. */
  blocker: ErrorCode | null;
  /** With a time lock: the moment release becomes possible. */
  unlocksAt: Date | null;
};

/**
 * Whether the cycle's escrow may be released now with `minimumShare` of its members paid
 * (PRODUCT.md "Escrow release"): the circle is active and not frozen, it is the cycle being
 * collected, no dispute is open, enough has been paid, and a time lock, if on, has run out since
 * the escrow became ready. `ignoreTimeLock` when only asking for approvals.
 */
export async function checkRelease(
  facts: ReleaseFacts,
  group: Group,
  cycleNumber: number,
  minimumShare: number,
  safeguards: Safeguards,
  now: Date,
  { ignoreTimeLock = false } = {},
): Promise<ReleaseCheck> {
  const cycle = await facts.cycle(cycleNumber);
  const result = (blocker: ErrorCode | null, unlocksAt: Date | null = null): ReleaseCheck => ({
    cycle: cycle!,
    blocker,
    unlocksAt,
  });
  // A circle still recruiting has no cycles yet: it is not active, rather than at the wrong cycle.
  if (!cycle)
    return {
      cycle: cycle!,
      blocker: group.status === 'active' ? 'WRONG_CYCLE' : 'GROUP_NOT_ACTIVE',
      unlocksAt: null,
    };
  if (cycle.status === 'paid_out') return result('CYCLE_ALREADY_PAID_OUT');
  if (group.status !== 'active') return result('GROUP_NOT_ACTIVE');
  if (cycle.number !== group.currentCycle || cycle.status !== 'collecting') return result('WRONG_CYCLE');
  if (group.frozen) return result('GROUP_FROZEN');
  if ((await facts.openDisputes(cycle.number)) > 0) return result('ESCROW_DISPUTED');
  const k = requiredPaid(await facts.memberCount(), minimumShare);
  const ready = await facts.readyAt(cycle.number, k);
  if (!ready) return result('PAYOUT_NOT_READY');
  const lock = whenOn(safeguards.time_lock);
  const unlocksAt = lock ? new Date(ready.getTime() + lock.hours * 3_600_000) : null;
  if (!ignoreTimeLock && unlocksAt && now < unlocksAt) return result('ESCROW_TIME_LOCKED', unlocksAt);
  return result(null, unlocksAt);
}
