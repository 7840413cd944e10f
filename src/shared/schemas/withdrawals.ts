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

export type WithdrawalView = {
  id: number;
  method: (typeof withdrawalMethods)[number];
  amount: string;
  fee: string;
  total: string;
  status: 'requested' | 'processing' | 'completed' | 'failed';
  bankAccount: { bankName: string; last4: string } | null;
  recipientInfo: string | null;
  failureMessage: string | null;
  createdAt: string;
  settledAt: string | null;
};

export type WalletView = { balance: string; held: string; available: string };
