import { z } from 'zod';
import { cycleNumber, dbId } from './ids.ts';

/** Make Contribution by bank: which unpaid cycle (default: the current one) and which verified account. */
export const bankDebitRequestSchema = z
  .strictObject({
    cycle: cycleNumber.optional(),
    bankAccountId: dbId.optional(),
  })
  .default({});

// ---- Replies ----

/** POST …/contributions/bank-debit (202): the money is on its way; paid when the bank confirms. */
export const bankDebitAcceptedReply = z.object({
  success: z.literal(true),
  bankDebit: z.object({
    id: z.number().int(),
    contributionId: z.number().int(),
    status: z.enum(['requested', 'processing', 'succeeded', 'failed']),
  }),
});
export type BankDebitAcceptedReply = z.infer<typeof bankDebitAcceptedReply>;

/** GET /api/groups/{groupId}/bank-debits. */
export const bankDebitListReply = z.object({
  bankDebits: z.array(
    z.object({
      id: z.number().int(),
      contributionId: z.number().int(),
      cycle: z.number().int(),
      userId: z.number().int(),
      userName: z.string(),
      amount: z.string(),
      source: z.enum(['manual', 'autopay']),
      attempt: z.number().int(),
      status: z.enum(['requested', 'processing', 'succeeded', 'failed']),
      bankAccount: z.object({ bankName: z.string(), last4: z.string() }).nullable(),
      failureCode: z.string().nullable(),
      failureMessage: z.string().nullable(),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
    }),
  ),
});
export type BankDebitListReply = z.infer<typeof bankDebitListReply>;
export type BankDebitView = BankDebitListReply['bankDebits'][number];
