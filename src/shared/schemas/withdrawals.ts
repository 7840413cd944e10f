import { z } from 'zod';
import { withdrawalMethods } from '../withdrawals.ts';
import { amountString } from './groups.ts';
import { claimedUserId, dbId } from './ids.ts';
import { text } from './text.ts';

/** The spec's payload (userId, method, amount, recipientInfo), plus which verified bank account. */
export const requestWithdrawalSchema = z
  .strictObject({
    /** The spec's client sends it; the server takes identity from the session and refuses a mismatch. */
    userId: claimedUserId,
    method: z.enum(withdrawalMethods, { error: 'withdrawalMethodRequired' }),
    amount: amountString,
    recipientInfo: text({ max: 500, multiline: true }).optional(),
    bankAccountId: dbId.optional(),
  })
  .superRefine((w, ctx) => {
    if ((w.method === 'wire' || w.method === 'check') && !w.recipientInfo)
      ctx.addIssue({
        code: 'custom',
        path: ['recipientInfo'],
        message: w.method === 'wire' ? 'wireDetailsRequired' : 'mailingAddressRequired',
      });
  });
export type RequestWithdrawalInput = z.output<typeof requestWithdrawalSchema>;

export const withdrawalViewSchema = z.object({
  id: z.number().int(),
  method: z.enum(withdrawalMethods),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  status: z.enum(['requested', 'processing', 'completed', 'failed']),
  bankAccount: z.object({ bankName: z.string(), last4: z.string() }).nullable(),
  recipientInfo: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

/** GET /api/wallet: held is what pending withdrawals have set aside. */
export const walletViewSchema = z.object({ balance: z.string(), held: z.string(), available: z.string() });
export type WalletView = z.infer<typeof walletViewSchema>;

/** GET /api/withdrawals: newest first. */
export const withdrawalListReply = z.array(withdrawalViewSchema);

/** POST /api/withdrawals/request (201): the withdrawal and the wallet after it. */
export const withdrawalRequestedReply = z.object({
  success: z.literal(true),
  withdrawal: withdrawalViewSchema,
  wallet: walletViewSchema,
});
export type WithdrawalRequestedReply = z.infer<typeof withdrawalRequestedReply>;
