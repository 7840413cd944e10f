import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { CollectionSettings } from '#shared/schemas/autopay.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** Admin: how many times a failed auto-pay debit is retried (1, 3 or 5). */
export async function updateCollectionSettings(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  settings: CollectionSettings,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    await requireAdmin(tx, groupId, admin.id, { lock: true });
    const now = ctx.clock.now();
    await tx.update(groups).set({ autopayRetries: settings.retryAttempts }).where(eq(groups.id, groupId));
    await recordAudit(tx, {
      action: 'collection_settings_updated',
      actorUserId: admin.id,
      subject: String(groupId),
      details: settings,
      at: now,
    });
    return { success: true as const, retryAttempts: settings.retryAttempts };
  });
}
