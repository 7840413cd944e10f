import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { supportTicketMessages, supportTickets } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { supportTicketReceivedEmail } from '#server/email/templates/support-emails.ts';
import type { ContactRequest } from '#shared/schemas/support.ts';
import { formTokenAcceptable } from './form-token.ts';

/** Requests one address may send per hour; the per-IP limit is on the route. */
export const TICKETS_PER_EMAIL_PER_HOUR = 5;
const HOUR = 3_600_000;

/**
 * A contact-form message becomes an open ticket with the message as its first entry, and the
 * acknowledgement is queued in the same transaction. A filled honeypot or a form sent sooner than
 * a person could fill it is refused before anything is written.
 */
export async function submitTicket(ctx: AppContext, sender: SessionUser | null, input: ContactRequest) {
  const now = ctx.clock.now();
  if (input.website) throw new AppError('CONTACT_FORM_REFUSED');
  if (!formTokenAcceptable(ctx.config.payments.fingerprintSecret, input.formToken, ctx.stopwatch.now()))
    throw new AppError('CONTACT_FORM_REFUSED');
  const email = input.email.toLowerCase();
  const language = emailLanguage(input.language ?? sender?.language);
  return inTransaction(ctx.database.db, async (tx) => {
    // Serialises one address's submissions so the count below cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support-email:${email}`}))`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(
        and(eq(supportTickets.email, email), gte(supportTickets.createdAt, new Date(now.getTime() - HOUR))),
      );
    if ((recent?.n ?? 0) >= TICKETS_PER_EMAIL_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS');
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        senderUserId: sender?.id ?? null,
        name: input.name,
        email,
        language,
        subject: input.subject,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: supportTickets.id });
    if (!ticket) throw new Error('the ticket was not written');
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId: ticket.id, author: 'sender', body: input.message, createdAt: now });
    const message = supportTicketReceivedEmail(
      language,
      { id: ticket.id, name: input.name, subject: input.subject },
      input.message,
    );
    await queueEmail(tx, {
      ...message,
      userId: sender?.id ?? null,
      to: email,
      language,
      kind: 'support_ticket_received',
      now,
    });
    return ticket.id;
  });
}
