import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { referralProgram } from '#server/db/referrals-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { payOwedRewardsAfterResume } from './rewards.ts';

/** The operator pauses or resumes the program; resuming pays every reward that waited. */
export async function setProgramPaused(
  ctx: AppContext,
  operator: SessionUser,
  { paused, reason }: { paused: boolean; reason?: string },
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    await tx
      .insert(referralProgram)
      .values({ id: 1, paused, updatedAt: now, updatedBy: operator.id })
      .onConflictDoUpdate({
        target: referralProgram.id,
        set: { paused, updatedAt: now, updatedBy: operator.id },
      });
    const rewardsPaid = paused ? 0 : await payOwedRewardsAfterResume(tx, now);
    await recordAudit(tx, {
      action: paused ? 'referral_program_paused' : 'referral_program_resumed',
      actorUserId: operator.id,
      details: { rewardsPaid, reason: reason ?? null },
      at: now,
    });
    return { paused, rewardsPaid };
  });
}
