import type { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { isValidTimeZone, localToday } from '#server/circle/schedule.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { recordProductEvent } from '#server/core/product-events.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { dayOfWeek, parseCalendarDate } from '#shared/calendar.ts';
import { parseAmount } from '#shared/money.ts';
import type { createGroupSchema } from '#shared/schemas/groups.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { newInviteCode } from './invite-code.ts';
import { newDrawSeed } from './rotation.ts';

type CreateGroup = z.output<typeof createGroupSchema>;

function isInviteCollision(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.cause ?? e;
  return pgError?.code === '23505' && pgError.constraint === 'groups_invite_code_unique';
}

export async function createGroup(ctx: AppContext, user: SessionUser, input: CreateGroup) {
  if (input.createdBy !== undefined && input.createdBy !== user.id) throw new AppError('FORBIDDEN');
  if (!isValidTimeZone(input.timeZone)) throw new AppError('VALIDATION_ERROR', 'Unknown time zone');
  const now = ctx.clock.now();
  const startDate = input.startDate ?? localToday(now, input.timeZone);
  if (startDate < localToday(now, input.timeZone))
    throw new AppError('VALIDATION_ERROR', 'The start date is in the past');
  const contributionDay =
    input.contributionDay ??
    (input.frequency === 'monthly' ? parseCalendarDate(startDate).day : dayOfWeek(startDate));
  const draw = input.rotationMethod === 'random_draw' ? newDrawSeed() : null;

  // A fresh code collides with an existing one about once in a trillion; try again if it does.
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.database.db.transaction(async (tx) => {
        const [group] = await tx
          .insert(groups)
          .values({
            name: input.name,
            contributionCents: parseAmount(input.contributionAmount) ?? 0,
            memberLimit: input.memberLimit,
            currentMembers: 1,
            totalCycles: input.memberLimit,
            createdBy: user.id,
            inviteCode: newInviteCode(),
            frequency: input.frequency,
            contributionDay,
            gracePeriodDays: input.gracePeriodDays,
            startDate,
            timeZone: input.timeZone,
            rotationMethod: input.rotationMethod,
            requireApproval: input.requireApproval,
            penaltyPercentage: input.penaltyPercentage,
            autoPayout: input.autoPayout,
            seed: draw?.seed ?? null,
            seedHash: draw?.seedHash ?? null,
            createdAt: now,
          })
          .returning();
        if (!group) throw new AppError('INTERNAL_ERROR');
        await tx
          .insert(groupMembers)
          .values({ groupId: group.id, userId: user.id, role: 'admin', joinedAt: now });
        await recordAudit(tx, {
          action: 'group_created',
          actorUserId: user.id,
          subject: String(group.id),
          at: now,
        });
        await recordProductEvent(tx, { name: 'create_group', userId: user.id, groupId: group.id, at: now });
        return group;
      });
    } catch (error) {
      if (!isInviteCollision(error) || attempt >= 3) throw error;
    }
  }
}
