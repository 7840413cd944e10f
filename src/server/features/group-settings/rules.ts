import { and, asc, count, eq, max } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireAdmin, requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { publishLive } from '#server/core/live.ts';
import type { Db } from '#server/db/client.ts';
import { groupRules } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import {
  type GroupRule,
  type GroupRuleInput,
  type GroupRulesReply,
  groupRuleInputSchema,
  MAX_GROUP_RULES,
} from '#shared/schemas/group-settings.ts';
import type { SessionUser } from '../auth/sessions.ts';

const ruleColumns = {
  id: groupRules.id,
  title: groupRules.title,
  description: groupRules.description,
  active: groupRules.active,
  position: groupRules.position,
};

async function rulesOf(tx: Db, groupId: number): Promise<GroupRule[]> {
  return tx
    .select(ruleColumns)
    .from(groupRules)
    .where(eq(groupRules.groupId, groupId))
    .orderBy(asc(groupRules.position), asc(groupRules.id));
}

/** What applicants read before they apply (invite preview): active rules, in order. */
export async function activeRulesOf(tx: Db, groupId: number) {
  return tx
    .select({ title: groupRules.title, description: groupRules.description })
    .from(groupRules)
    .where(and(eq(groupRules.groupId, groupId), eq(groupRules.active, true)))
    .orderBy(asc(groupRules.position), asc(groupRules.id));
}

/** Members read every rule (admins also the inactive ones, to switch them back on). */
export async function listGroupRules(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<GroupRulesReply> {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const canEdit = isGroupAdmin(group, membership);
  const rules = await rulesOf(db, groupId);
  return { rules: canEdit ? rules : rules.filter((r) => r.active), canEdit };
}

export async function createGroupRule(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: GroupRuleInput,
): Promise<GroupRule> {
  const now = ctx.clock.now();
  const values = groupRuleInputSchema.parse(input);
  return inTransaction(ctx.database.db, async (tx) => {
    // The group lock serialises creations, so two cannot both take the 20th place.
    await requireAdmin(tx, groupId, user.id, { lock: true });
    const [existing] = await tx
      .select({ n: count(), last: max(groupRules.position) })
      .from(groupRules)
      .where(eq(groupRules.groupId, groupId));
    if ((existing?.n ?? 0) >= MAX_GROUP_RULES) throw new AppError('GROUP_RULES_LIMIT');
    const [rule] = await tx
      .insert(groupRules)
      .values({
        groupId,
        ...values,
        position: (existing?.last ?? 0) + 1,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(ruleColumns);
    await recordAudit(tx, {
      action: 'group_rule_created',
      actorUserId: user.id,
      subject: String(rule!.id),
      details: { groupId, title: values.title, active: values.active },
      at: now,
    });
    await publishLive(tx, { scope: 'group', groupId, topic: 'group' });
    return rule!;
  });
}

async function lockRule(tx: Db, groupId: number, ruleId: number) {
  const [rule] = await tx
    .select()
    .from(groupRules)
    .where(and(eq(groupRules.id, ruleId), eq(groupRules.groupId, groupId)))
    .for('update');
  if (!rule) throw new AppError('GROUP_RULE_NOT_FOUND');
  return rule;
}

export async function updateGroupRule(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  ruleId: number,
  input: GroupRuleInput,
): Promise<GroupRule> {
  const now = ctx.clock.now();
  const values = groupRuleInputSchema.parse(input);
  return inTransaction(ctx.database.db, async (tx) => {
    await requireAdmin(tx, groupId, user.id, { lock: true });
    const before = await lockRule(tx, groupId, ruleId);
    const [rule] = await tx
      .update(groupRules)
      .set({ ...values, updatedAt: now })
      .where(eq(groupRules.id, ruleId))
      .returning(ruleColumns);
    await recordAudit(tx, {
      action: 'group_rule_updated',
      actorUserId: user.id,
      subject: String(ruleId),
      details: {
        groupId,
        from: { title: before.title, description: before.description, active: before.active },
        to: values,
      },
      at: now,
    });
    await publishLive(tx, { scope: 'group', groupId, topic: 'group' });
    return rule!;
  });
}

export async function deleteGroupRule(ctx: AppContext, user: SessionUser, groupId: number, ruleId: number) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    await requireAdmin(tx, groupId, user.id, { lock: true });
    const before = await lockRule(tx, groupId, ruleId);
    await tx.delete(groupRules).where(eq(groupRules.id, ruleId));
    await recordAudit(tx, {
      action: 'group_rule_deleted',
      actorUserId: user.id,
      subject: String(ruleId),
      details: { groupId, title: before.title },
      at: now,
    });
    await publishLive(tx, { scope: 'group', groupId, topic: 'group' });
    return { success: true as const };
  });
}
