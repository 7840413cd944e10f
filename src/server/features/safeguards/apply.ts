import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import type { Db } from '#server/db/client.ts';
import { groupSafeguards } from '#server/db/safeguards-schema.ts';
import type { SafeguardType } from '#shared/safeguards.ts';

export type SafeguardChange = { type: SafeguardType; enabled: boolean; config: Record<string, number> };

/** Stores a safeguard's new setting (already validated and, where needed, approved). */
export async function applySafeguardChange(
  ctx: AppContext,
  tx: Db,
  group: Group,
  actorId: number | null,
  change: SafeguardChange,
) {
  const now = ctx.clock.now();
  const values = {
    enabled: change.enabled,
    configuration: change.config,
    modifiedBy: actorId,
    updatedAt: now,
  };
  await tx
    .insert(groupSafeguards)
    .values({ groupId: group.id, type: change.type, ...values })
    .onConflictDoUpdate({ target: [groupSafeguards.groupId, groupSafeguards.type], set: values });
  await recordAudit(tx, {
    action: 'safeguard_updated',
    actorUserId: actorId,
    subject: String(group.id),
    details: { ...change },
    at: now,
  });
}
