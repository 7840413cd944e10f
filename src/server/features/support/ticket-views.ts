import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { supportTicketMessages, supportTickets, users } from '#server/db/schema.ts';
import type { SupportMessage, SupportTicket, SupportTicketSummary } from '#shared/schemas/support.ts';

const assignee = alias(users, 'assignee');
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Tickets as lists show them: newest first, with the assignee's name. */
export async function ticketSummaries(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<SupportTicketSummary[]> {
  const rows = await db
    .select({ ticket: supportTickets, assigneeName: assignee.fullName })
    .from(supportTickets)
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeUserId))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ ticket, assigneeName }) => ({
    id: ticket.id,
    status: ticket.status,
    name: ticket.name,
    email: ticket.email,
    subject: ticket.subject,
    fromMember: ticket.senderUserId !== null,
    assigneeId: ticket.assigneeUserId,
    assigneeName,
    createdAt: ticket.createdAt.toISOString(),
    firstResponseAt: iso(ticket.firstResponseAt),
    resolvedAt: iso(ticket.resolvedAt),
    updatedAt: ticket.updatedAt.toISOString(),
  }));
}

/** The conversations of the given tickets, oldest message first, keyed by ticket. */
async function conversations(db: Db, ticketIds: number[]): Promise<Map<number, SupportMessage[]>> {
  const byTicket = new Map<number, SupportMessage[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select({ message: supportTicketMessages, authorName: users.fullName })
    .from(supportTicketMessages)
    .leftJoin(users, eq(users.id, supportTicketMessages.authorUserId))
    .where(inArray(supportTicketMessages.ticketId, ticketIds))
    .orderBy(asc(supportTicketMessages.id));
  for (const { message, authorName } of rows)
    byTicket.get(message.ticketId)?.push({
      id: message.id,
      author: message.author,
      authorName: message.author === 'operator' ? authorName : null,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    });
  return byTicket;
}

/** Tickets with their conversations. */
export async function fullTickets(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<SupportTicket[]> {
  const summaries = await ticketSummaries(db, where, page);
  const messages = await conversations(
    db,
    summaries.map((t) => t.id),
  );
  return summaries.map((t) => ({ ...t, messages: messages.get(t.id) ?? [] }));
}
