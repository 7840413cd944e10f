import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { submitWithdrawal } from './submit.ts';

/** A request younger than this may still be on its way to the processor in another request. */
const STUCK_AFTER_MS = 60_000;

/**
 * Withdrawals whose money is held but which never reached the processor (the server stopped in
 * between) are submitted again; the processor call is keyed, so nothing is paid twice.
 */
export async function resubmitStuckWithdrawals(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - STUCK_AFTER_MS);
  const stuck = await ctx.database.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'requested'), lt(withdrawals.createdAt, before)));
  for (const { id } of stuck) await submitWithdrawal(ctx, id);
  return stuck.length;
}
