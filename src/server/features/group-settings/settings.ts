import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { type Group, isGroupAdmin, requireAdmin, requireMember } from '#server/circle/access.ts';
import { emergencyShareCents, poolCents } from '#server/circle/rules.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { communicationSettings } from '#server/core/group-chat.ts';
import { publishLive } from '#server/core/live.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { groupCommunicationSettings, groupMembers, groups } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { formatAmount, percentOfCents } from '#shared/money.ts';
import {
  type GroupSettings,
  type GroupSettingsReply,
  SUGGESTED_EMERGENCY_FUND_PERCENTAGE,
} from '#shared/schemas/group-settings.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** Settings that change what members pay or receive: a change is told to every member. */
const MONEY_SETTINGS = ['penaltyPercentage', 'gracePeriodDays', 'emergencyFundPercentage'] as const;

async function settingsOf(tx: Db, group: Group): Promise<GroupSettings> {
  const chat = await communicationSettings(tx, group.id);
  return {
    gracePeriodDays: group.gracePeriodDays,
    penaltyPercentage: group.penaltyPercentage,
    requireApproval: group.requireApproval,
    minCreditScore: group.minCreditScore,
    autoRejectBelowMinCredit: group.autoRejectBelowMinCredit,
    maxMissedPayments: group.maxMissedPayments as GroupSettings['maxMissedPayments'],
    autoRemoveInactive: group.autoRemoveInactive,
    peerRatingEnabled: group.peerRatingEnabled,
    autoPayoutEnabled: group.autoPayout,
    emergencyFundPercentage: group.emergencyFundPercentage,
    communicationRestrictions: !chat.membersCanMessage,
  };
}

function reply(group: Group, settings: GroupSettings, canEdit: boolean): GroupSettingsReply {
  const c = group.contributionCents;
  return {
    settings,
    effects: {
      contributionAmount: formatAmount(c),
      penaltyAmount: formatAmount(percentOfCents(c, group.penaltyPercentage * 100)),
      emergencyShareAmount: formatAmount(emergencyShareCents(group, c)),
      payoutAmount: formatAmount(poolCents(group)),
      emergencyFundEditable: group.status === 'recruiting',
      // A recruiting circle has opened no cycle; an active one keeps the grace of the cycle it is in.
      graceAppliesFromCycle: group.status === 'recruiting' ? 1 : group.currentCycle + 1,
      groupStatus: group.status,
      suggestedEmergencyFundPercentage: SUGGESTED_EMERGENCY_FUND_PERCENTAGE,
    },
    canEdit,
  };
}

/** Every member may read their circle's settings; only admins get the form. */
export async function readGroupSettings(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  return reply(group, await settingsOf(db, group), isGroupAdmin(group, membership));
}

/**
 * Admins replace the whole object. The grace period applies to cycles not yet opened (contributions
 * keep the grace they opened with); the emergency fund changes money flow, so only while recruiting.
 * The chat's "members can message" is the one source of the communication restriction.
 */
export async function writeGroupSettings(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  next: GroupSettings,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, user.id, { lock: true });
    const before = await settingsOf(tx, group);
    if (next.emergencyFundPercentage !== before.emergencyFundPercentage && group.status !== 'recruiting')
      throw new AppError('EMERGENCY_FUND_LOCKED');
    const [updated] = await tx
      .update(groups)
      .set({
        gracePeriodDays: next.gracePeriodDays,
        penaltyPercentage: next.penaltyPercentage,
        requireApproval: next.requireApproval,
        minCreditScore: next.minCreditScore,
        autoRejectBelowMinCredit: next.autoRejectBelowMinCredit,
        maxMissedPayments: next.maxMissedPayments,
        autoRemoveInactive: next.autoRemoveInactive,
        peerRatingEnabled: next.peerRatingEnabled,
        autoPayout: next.autoPayoutEnabled,
        emergencyFundPercentage: next.emergencyFundPercentage,
      })
      .where(eq(groups.id, group.id))
      .returning();
    if (next.communicationRestrictions !== before.communicationRestrictions) {
      const chat = await communicationSettings(tx, group.id);
      const values = { ...chat, membersCanMessage: !next.communicationRestrictions, updatedAt: now };
      await tx
        .insert(groupCommunicationSettings)
        .values({ groupId: group.id, ...values })
        .onConflictDoUpdate({ target: groupCommunicationSettings.groupId, set: values });
    }
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof GroupSettings)[])
        .filter((key) => next[key] !== before[key])
        .map((key) => [key, { from: before[key], to: next[key] }]),
    );
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        action: 'group_settings_updated',
        actorUserId: user.id,
        subject: String(group.id),
        details: { groupId: group.id, changes },
        at: now,
      });
      if (MONEY_SETTINGS.some((key) => key in changes)) {
        const members = await tx
          .select({ userId: groupMembers.userId })
          .from(groupMembers)
          .where(eq(groupMembers.groupId, group.id));
        await notify(
          tx,
          now,
          members.map((m) => m.userId),
          'group_settings_changed',
          group.id,
          {
            groupName: group.name,
            penaltyPercentage: next.penaltyPercentage,
            gracePeriodDays: next.gracePeriodDays,
            emergencyFundPercentage: next.emergencyFundPercentage,
          },
        );
      }
      await publishLive(tx, { scope: 'group', groupId: group.id, topic: 'group' });
      if ('communicationRestrictions' in changes)
        await publishLive(tx, { scope: 'group', groupId: group.id, topic: 'messages' });
    }
    return reply(updated!, next, true);
  });
}
