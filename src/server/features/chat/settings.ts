import type { AppContext } from '#server/app-context.ts';
import { requireAdmin, requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { communicationSettings } from '#server/core/group-chat.ts';
import { groupCommunicationSettings } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { CommunicationSettings } from '#shared/schemas/chat.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** Every member may read the rules of their circle's chat. */
export async function readCommunicationSettings(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  await requireMember(db, groupId, user.id);
  return communicationSettings(db, groupId);
}

/** Admins set all four at once; the server enforces them on every send and post. */
export async function writeCommunicationSettings(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  settings: CommunicationSettings,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    await requireAdmin(tx, groupId, user.id);
    const values = { ...settings, updatedAt: ctx.clock.now() };
    await tx
      .insert(groupCommunicationSettings)
      .values({ groupId, ...values })
      .onConflictDoUpdate({ target: groupCommunicationSettings.groupId, set: values });
    await recordAudit(tx, {
      action: 'communication_settings_updated',
      actorUserId: user.id,
      subject: String(groupId),
      details: settings,
      at: values.updatedAt,
    });
    return settings;
  });
}
