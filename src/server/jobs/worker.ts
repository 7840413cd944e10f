import type { AppContext } from '#server/app-context.ts';
import { deleteExpiredProductEvents } from '#server/core/product-events.ts';
import { sendMonthlyStatements } from '#server/features/analytics/monthly-statements.ts';
import { runAutopayDebits } from '#server/features/autopay/collect.ts';
import { resubmitStuckDebits } from '#server/features/bank-debits/submit.ts';
import { sweepMemberStanding } from '#server/features/group-settings/member-standing.ts';
import { runPendingActions } from '#server/features/pending-actions/due.ts';
import { removeSpentCodes } from '#server/features/verification/outbox-retention.ts';
import { resubmitStuckWithdrawals } from '#server/features/withdrawals/recover.ts';
import { runAutoPayouts } from './auto-payouts.ts';
import { sendReminders } from './reminders.ts';

/**
 * One pass of all time-driven work. Every step is idempotent, so passes may overlap or repeat.
 * The 'due-work' job runs it every minute (app-jobs.ts); tests call it directly after moving a clock.
 */
export async function runDueWork(ctx: AppContext) {
  const reminders = await sendReminders(ctx);
  // After reminders: a member is told their payment is overdue before they are marked inactive.
  const memberStatusChanges = await sweepMemberStanding(ctx);
  const payouts = await runAutoPayouts(ctx);
  const withdrawals = await resubmitStuckWithdrawals(ctx);
  const debits = (await resubmitStuckDebits(ctx)) + (await runAutopayDebits(ctx));
  const actions = await runPendingActions(ctx);
  const codesRemoved = await removeSpentCodes(ctx);
  const statements = await sendMonthlyStatements(ctx);
  const productEventsDeleted = await deleteExpiredProductEvents(ctx.database.db, ctx.clock.now());
  return {
    reminders,
    memberStatusChanges,
    payouts,
    withdrawals,
    debits,
    ...actions,
    codesRemoved,
    statements,
    productEventsDeleted,
  };
}
