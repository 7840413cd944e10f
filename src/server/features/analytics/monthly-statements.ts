import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { reportDeliveries, reportSchedules, users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { monthlyStatementEmail } from '#server/email/templates/monthly-statement.ts';
import { addDays } from '#shared/calendar.ts';
import { formatAmount } from '#shared/money.ts';
import { monthOf } from './months.ts';
import { statementEntries } from './statement.ts';

/**
 * Emails last month's statement (months in the member's time zone) to every member who turned the
 * monthly statement on, once: the (user, kind, month) row in report_deliveries is written in the
 * same transaction as the outbox email, so a repeated or concurrent run sends nothing more.
 * Run by due work every minute; a member whose account is younger than the month gets none.
 */
export async function sendMonthlyStatements(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const at = now.toISOString();
  const localMonthStart = sql`date_trunc('month', ${at}::timestamptz at time zone ${users.timeZone})`;
  const due = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      timeZone: users.timeZone,
      period: sql<string>`to_char(${localMonthStart} - interval '1 month', 'YYYY-MM')`,
    })
    .from(reportSchedules)
    .innerJoin(users, eq(users.id, reportSchedules.userId))
    .where(
      and(
        eq(reportSchedules.kind, 'monthly_statement'),
        eq(reportSchedules.active, true),
        sql`${users.createdAt} < (${localMonthStart} at time zone ${users.timeZone})`,
        sql`not exists (select 1 from ${reportDeliveries} d where d.user_id = ${users.id}
          and d.kind = 'monthly_statement'
          and d.period = to_char(${localMonthStart} - interval '1 month', 'YYYY-MM'))`,
      ),
    )
    .limit(500);
  const base = ctx.config.email.publicUrl ?? `http://localhost:${ctx.config.port}`;
  let sent = 0;
  for (const user of due) {
    const from = `${user.period}-01`;
    const to = addDays(`${monthOf(from, 1)}-01`, -1);
    const written = await inTransaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(reportDeliveries)
        .values({ userId: user.id, kind: 'monthly_statement', period: user.period, createdAt: now })
        .onConflictDoNothing()
        .returning({ period: reportDeliveries.period });
      if (!claimed) return false;
      const { totals } = await statementEntries(tx, user, from, to);
      const language = emailLanguage(user.language);
      const [year, month] = user.period.split('-').map(Number) as [number, number];
      const monthName = new Intl.DateTimeFormat(language, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(year, month - 1, 1));
      const message = monthlyStatementEmail(
        language,
        user.fullName,
        {
          month: monthName,
          contributed: formatAmount(totals.contributedCents),
          received: formatAmount(totals.receivedCents),
          penalties: formatAmount(totals.penaltiesCents),
          paidCount: totals.paidCount,
          lateCount: totals.lateCount,
        },
        `${base}/analytics`,
      );
      const outboxId = await queueEmail(tx, {
        ...message,
        userId: user.id,
        to: user.email,
        language,
        kind: 'monthly_statement',
        now,
      });
      await tx
        .update(reportDeliveries)
        .set({ outboxId })
        .where(
          and(
            eq(reportDeliveries.userId, user.id),
            eq(reportDeliveries.kind, 'monthly_statement'),
            eq(reportDeliveries.period, user.period),
          ),
        );
      return true;
    });
    if (written) sent += 1;
  }
  return sent;
}
