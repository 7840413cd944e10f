import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_TICKET_STATUSES } from '#shared/schemas/support.ts';
import { users } from './schema.ts';

/**
 * A message sent through the contact form (decision 0034). The sender is a visitor (only name and
 * email) or a signed-in user (sender_user_id too, so they see it and its answers). The timestamps
 * feed the support metrics: first response is the first operator answer, resolution the latest move
 * to resolved (cleared when the ticket is reopened).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: text('status', { enum: SUPPORT_TICKET_STATUSES }).notNull().default('open'),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The language the acknowledgement went out in; answers follow it. */
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.createdAt),
    index('support_tickets_sender_idx').on(t.senderUserId, t.createdAt),
    index('support_tickets_email_idx').on(t.email, t.createdAt),
  ],
);

/** The conversation of a ticket: the sender's first message, then the operators' answers. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['sender', 'operator'] }).notNull(),
    /** The operator who answered; null for the sender's message (the ticket names the sender). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);
