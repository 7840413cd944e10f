import { and, eq, lte, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { localToday, overdueFrom } from '#server/circle/schedule.ts';
import { communicationSettings, fullNameOf, postSystemMessage } from '#server/core/group-chat.ts';
import { notify } from '#server/core/notify.ts';
import { contributions, groups, paymentReminders } from '#server/db/groups-schema.ts';
import { addDays } from '#shared/calendar.ts';
import { formatAmount } from '#shared/money.ts';

/**
 * Reminds members N days before a contribution is due and again when it becomes overdue.
 * Idempotent: each (contribution, type) reminder is stored once, and only a new one notifies.
 */
export async function sendReminders(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const open = await db
    .select({ c: contributions, g: groups })
    .from(contributions)
    .innerJoin(groups, eq(groups.id, contributions.groupId))
    .where(
      and(
        ne(contributions.status, 'paid'),
        // A bank debit on its way is a payment made (lateness is judged when it started): no reminder.
        ne(contributions.status, 'processing'),
        // Coarse window in UTC (the widest reminder lead is 14 days); the exact local check follows.
        lte(contributions.dueDate, addDays(localToday(now, 'UTC'), 15)),
        eq(groups.status, 'active'),
        eq(groups.frozen, false),
      ),
    );
  let sent = 0;
  for (const { c, g } of open) {
    const today = localToday(now, g.timeZone);
    const type =
      now >= overdueFrom(c.dueDate, c.graceDays, g.timeZone)
        ? ('overdue' as const)
        : today >= addDays(c.dueDate, -g.reminderDays)
          ? ('upcoming' as const)
          : null;
    if (!type) continue;
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paymentReminders)
        .values({
          groupId: g.id,
          userId: c.userId,
          contributionId: c.id,
          reminderType: type,
          sentAt: now,
          dueDate: c.dueDate,
          amountCents: c.amountCents,
        })
        .onConflictDoNothing()
        .returning({ id: paymentReminders.id });
      if (inserted.length === 0) return;
      sent += 1;
      await notify(tx, now, [c.userId], type === 'overdue' ? 'payment_overdue' : 'payment_due_soon', g.id, {
        groupName: g.name,
        amount: formatAmount(c.amountCents),
        dueDate: c.dueDate,
      });
      // Auto-warnings: the late member (and the admins) also read it in the circle's chat, once.
      if (type === 'overdue' && (await communicationSettings(tx, g.id)).autoWarnings)
        await postSystemMessage(tx, {
          groupId: g.id,
          kind: 'overdue_warning',
          params: {
            memberName: await fullNameOf(tx, c.userId),
            amountCents: c.amountCents,
            dueDate: c.dueDate,
          },
          recipientUserId: c.userId,
          at: now,
        });
    });
  }
  return sent;
}
