import { z } from 'zod';
import { languageSchema } from './auth.ts';
import { dbIdParam } from './ids.ts';
import { text } from './text.ts';

/** Spec 001 §2.6's support labels, as stored: Open, In Progress, Resolved. */
export const SUPPORT_TICKET_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];
export const supportTicketStatusSchema = z.enum(SUPPORT_TICKET_STATUSES, { error: 'invalidInput' });

/** Bounds of the contact form, shared by the form and the server. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;
/** A signed form younger than this was filled by a machine (decision 0034). */
export const CONTACT_MIN_FILL_MS = 3000;

/** The contact form's fields, as the page validates them before sending. */
export const contactFieldsSchema = z.strictObject({
  name: text({ max: CONTACT_LIMITS.name, min: 1, messages: { required: 'contactNameRequired' } }),
  email: z
    .string({ error: 'invalidEmail' })
    .trim()
    .max(CONTACT_LIMITS.email, { error: 'invalidEmail' })
    .pipe(z.email({ error: 'invalidEmail' })),
  subject: text({
    max: CONTACT_LIMITS.subject,
    min: 1,
    messages: { required: 'contactSubjectRequired', max: 'contactSubjectMax' },
  }),
  message: text({
    max: CONTACT_LIMITS.message,
    min: 1,
    multiline: true,
    messages: { required: 'contactMessageRequired', max: 'contactMessageMax' },
  }),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

/**
 * What POST /api/contact takes: the fields, the signed form token (GET /api/contact/form-token) and
 * the honeypot `website`, a field people never see and so leave empty.
 */
export const contactRequestSchema = contactFieldsSchema.extend({
  formToken: text({ max: 200 }),
  website: text({ max: 200 }).optional(),
  /** The page's language: the acknowledgement and answers are written in it. */
  language: languageSchema.optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactFormTokenReply = z.object({ formToken: z.string() });
export const contactReply = z.object({ success: z.literal(true), ticketId: z.number().int() });

export const supportMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['sender', 'operator']),
  /** The operator's name for an answer; null for the sender's own message. */
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportTicketSummarySchema = z.object({
  id: z.number().int(),
  status: supportTicketStatusSchema,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** Whether the sender was signed in (they then see the ticket and its answers in the app). */
  fromMember: z.boolean(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  createdAt: z.string(),
  firstResponseAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

export const supportTicketSchema = supportTicketSummarySchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** The signed-in sender's own requests, with the answers. */
export const myTicketsReply = z.object({ tickets: z.array(supportTicketSchema) });
export type MyTicketsReply = z.infer<typeof myTicketsReply>;

export const SUPPORT_PAGE_SIZE = 25;
export const ticketListQuerySchema = z.strictObject({
  status: supportTicketStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(SUPPORT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketListReply = z.object({
  tickets: z.array(supportTicketSummarySchema),
  total: z.number().int(),
});
export type TicketListReply = z.infer<typeof ticketListReply>;

export const ticketIdParams = z.strictObject({ ticketId: dbIdParam });
export const ticketReply = z.object({ ticket: supportTicketSchema });
export type TicketReply = z.infer<typeof ticketReply>;

export const ticketAnswerSchema = z.strictObject({
  body: text({
    max: CONTACT_LIMITS.message,
    min: 1,
    multiline: true,
    messages: { required: 'contactMessageRequired', max: 'contactMessageMax' },
  }),
});
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

export const ticketStatusChangeSchema = z.strictObject({ status: supportTicketStatusSchema });

/** Spec 001 §2.6's period selector. */
export const SUPPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type SupportPeriod = (typeof SUPPORT_PERIODS)[number];
export const supportMetricsQuerySchema = z.strictObject({
  period: z.enum(SUPPORT_PERIODS, { error: 'invalidInput' }).default('month'),
});

export const supportMetricsReply = z.object({
  period: z.enum(SUPPORT_PERIODS),
  /** Tickets in each status now, whenever they were sent: the queue as it stands. */
  counts: z.object({ open: z.number().int(), in_progress: z.number().int(), resolved: z.number().int() }),
  /** Tickets sent within the period. */
  received: z.number().int(),
  /** Medians over the period's tickets that have one, in milliseconds; null when none has. */
  medianFirstResponseMs: z.number().nullable(),
  medianResolutionMs: z.number().nullable(),
});
export type SupportMetrics = z.infer<typeof supportMetricsReply>;
