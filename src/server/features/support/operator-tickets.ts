import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { supportTicketMessages, supportTickets } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { supportTicketReplyEmail } from '#server/email/templates/support-emails.ts';
import type { SupportTicketStatus, TicketListQuery } from '#shared/schemas/support.ts';
import { fullTickets, ticketSummaries } from './ticket-views.ts';

/** The operators' queue, optionally one status, newest first. */
export async function listTickets(ctx: AppContext, query: TicketListQuery) {
  const db = ctx.database.db;
  const where = query.status ? eq(supportTickets.status, query.status) : undefined;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(supportTickets).where(where);
  return {
    tickets: await ticketSummaries(db, where, { limit: query.limit, offset: query.offset }),
    total: count?.n ?? 0,
  };
}

export async function viewTicket(db: Db, ticketId: number) {
  const [ticket] = await fullTickets(db, eq(supportTickets.id, ticketId), { limit: 1, offset: 0 });
  if (!ticket) throw new AppError('NOT_FOUND');
  return ticket;
}

/** The ticket's row, locked for the change the caller makes. */
async function lockedTicket(tx: Db, ticketId: number) {
  const [ticket] = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId))
    .for('update');
  if (!ticket) throw new AppError('NOT_FOUND');
  return ticket;
}

/** The operator takes the ticket; an open one moves to In Progress, as someone now works on it. */
export async function assignToSelf(ctx: AppContext, operator: SessionUser, ticketId: number) {
  const now = ctx.clock.now();
  await inTransaction(ctx.database.db, async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    await tx
      .update(supportTickets)
      .set({
        assigneeUserId: operator.id,
        status: ticket.status === 'open' ? 'in_progress' : ticket.status,
        updatedAt: now,
      })
      .where(eq(supportTickets.id, ticketId));
    await recordAudit(tx, {
      action: 'support_ticket_assigned',
      actorUserId: operator.id,
      subject: `ticket:${ticketId}`,
      at: now,
    });
  });
  return viewTicket(ctx.database.db, ticketId);
}

/**
 * An operator's answer: added to the conversation, emailed to the address the ticket came from, and
 * shown in the app when the sender was signed in. The first answer is the ticket's first response;
 * an open or unassigned ticket becomes the answering operator's, In Progress.
 */
export async function answerTicket(ctx: AppContext, operator: SessionUser, ticketId: number, body: string) {
  const now = ctx.clock.now();
  await inTransaction(ctx.database.db, async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId, author: 'operator', authorUserId: operator.id, body, createdAt: now });
    await tx
      .update(supportTickets)
      .set({
        firstResponseAt: ticket.firstResponseAt ?? now,
        assigneeUserId: ticket.assigneeUserId ?? operator.id,
        status: ticket.status === 'open' ? 'in_progress' : ticket.status,
        updatedAt: now,
      })
      .where(eq(supportTickets.id, ticketId));
    const language = emailLanguage(ticket.language);
    const email = supportTicketReplyEmail(language, ticket, body);
    await queueEmail(tx, {
      ...email,
      userId: ticket.senderUserId,
      to: ticket.email,
      language,
      kind: 'support_ticket_reply',
      now,
    });
    await recordAudit(tx, {
      action: 'support_ticket_answered',
      actorUserId: operator.id,
      subject: `ticket:${ticketId}`,
      at: now,
    });
    if (ticket.senderUserId !== null)
      await notify(tx, now, [ticket.senderUserId], 'support_ticket_answered', null, {
        subject: ticket.subject,
        ticketId,
      });
  });
  return viewTicket(ctx.database.db, ticketId);
}

/**
 * Open → In Progress → Resolved, and back (reopening). Resolving stamps the resolution time;
 * reopening clears it, so the resolution time is always that of the latest resolve.
 */
export async function setTicketStatus(
  ctx: AppContext,
  operator: SessionUser,
  ticketId: number,
  status: SupportTicketStatus,
) {
  const now = ctx.clock.now();
  await inTransaction(ctx.database.db, async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (ticket.status === status) return;
    await tx
      .update(supportTickets)
      .set({ status, resolvedAt: status === 'resolved' ? now : null, updatedAt: now })
      .where(eq(supportTickets.id, ticketId));
    await recordAudit(tx, {
      action: 'support_ticket_status_changed',
      actorUserId: operator.id,
      subject: `ticket:${ticketId}`,
      details: { from: ticket.status, to: status },
      at: now,
    });
  });
  return viewTicket(ctx.database.db, ticketId);
}
