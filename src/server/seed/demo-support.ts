import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { AdjustableClock } from '#server/clock.ts';
import { users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { contactFormToken } from '#server/features/support/form-token.ts';
import { answerTicket, assignToSelf, setTicketStatus } from '#server/features/support/operator-tickets.ts';
import { submitTicket } from '#server/features/support/submit-ticket.ts';
import { DEMO_OPERATOR } from '#shared/demo.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A neighbour writes through the contact form, signed in, after reading the page for a few minutes
 * (the form times its filling on the stopwatch, which the seed's clock, set back days, leaves alone).
 */
async function contact(ctx: AppContext, sender: SessionUser, subject: string, message: string) {
  const formToken = contactFormToken(
    ctx.config.payments.fingerprintSecret,
    new Date(ctx.stopwatch.now().getTime() - 5 * MINUTE),
  );
  return submitTicket(ctx, sender, {
    name: sender.fullName,
    email: sender.email,
    subject,
    message,
    formToken,
  });
}

/**
 * Three support tickets from neighbours, so Business operations → Support has a queue: one the
 * demo operator answered and resolved, one they took and are working on, and one still open. Without
 * an operator (production) all three wait, open.
 */
export async function seedSupportTickets(
  ctx: AppContext,
  clock: AdjustableClock,
  who: (username: string) => SessionUser,
) {
  const realNow = clock.now();
  const at = (msAgo: number) => clock.set(new Date(realNow.getTime() - msAgo));
  const [operator] = await ctx.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO_OPERATOR.username}`);

  at(6 * DAY);
  const statement = await contact(
    ctx,
    who('lucia'),
    'Where do I find my statement?',
    'I need a statement of my contributions for my bank. Where can I download one?',
  );
  at(2 * DAY);
  const late = await contact(
    ctx,
    who('kwame'),
    'Late fee on the Family Tanda',
    'I will pay this cycle a few days late. Will the late fee be charged even if the admin agrees?',
  );
  at(3 * HOUR);
  await contact(
    ctx,
    who('sofia'),
    'Mobile money payment still pending',
    'I reported my mobile money payment (reference MM-20931) but it still shows as waiting. Is that normal?',
  );

  if (operator?.isOperator) {
    at(5 * DAY);
    await answerTicket(
      ctx,
      operator,
      statement,
      'Open Analytics from the menu: "Download statement" gives every contribution, payout and penalty between two dates as a CSV file.',
    );
    await setTicketStatus(ctx, operator, statement, 'resolved');
    at(1 * DAY);
    await assignToSelf(ctx, operator, late);
  }
  clock.set(realNow);
}
