import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type contributions, defaultPenalties } from '#server/db/groups-schema.ts';

/** The spec's default-penalty record of a penalty just charged on `contribution`. */
export async function recordPenaltyCharged(
  tx: Db,
  input: {
    contribution: typeof contributions.$inferSelect;
    penaltyCents: number;
    appliedBy: number | null;
    at: Date;
  },
) {
  await tx.insert(defaultPenalties).values({
    groupId: input.contribution.groupId,
    userId: input.contribution.userId,
    contributionId: input.contribution.id,
    penaltyType: 'late_payment',
    penaltyAmountCents: input.penaltyCents,
    appliedBy: input.appliedBy,
    appliedAt: input.at,
  });
}

/** The penalty on this contribution was paid or waived. */
export async function resolvePenaltyRecord(tx: Db, contributionId: number, at: Date) {
  await tx
    .update(defaultPenalties)
    .set({ resolved: true, resolvedAt: at })
    .where(and(eq(defaultPenalties.contributionId, contributionId), eq(defaultPenalties.resolved, false)));
}
