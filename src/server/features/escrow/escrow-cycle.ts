import { eq } from 'drizzle-orm';
import { requireAdmin, requireMember } from '#server/circle/access.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { cycles } from '#server/db/groups-schema.ts';

/**
 * An escrow is a cycle's pool, named by the cycle's id (the spec's escrowId). Returns the cycle and
 * the caller's group and membership; only members see it, `admin` asks for an admin. Cycles that
 * have not started have no escrow yet.
 */
export async function loadEscrow(
  tx: Db,
  escrowId: number,
  userId: number,
  { admin = false, lock = false }: { admin?: boolean; lock?: boolean } = {},
) {
  const [cycle] = await tx.select().from(cycles).where(eq(cycles.id, escrowId));
  if (!cycle || cycle.status === 'upcoming') throw new AppError('ESCROW_NOT_FOUND');
  const options = { lock, notFound: 'ESCROW_NOT_FOUND' } as const;
  const access = admin
    ? await requireAdmin(tx, cycle.groupId, userId, options)
    : await requireMember(tx, cycle.groupId, userId, options);
  return { cycle, ...access };
}
