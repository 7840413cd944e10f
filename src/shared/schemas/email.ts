import { z } from 'zod';

/** One message of the development mailbox (GET /api/dev/mailbox). */
export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  language: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  /** The links in the text, so a newcomer can follow a reset or verification link. */
  links: z.array(z.string()),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxReplySchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxReply = z.infer<typeof mailboxReplySchema>;
