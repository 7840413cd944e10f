import { z } from 'zod';
import { formatAmount, parseAmount } from '#shared/money.ts';
import { requestWithdrawalSchema } from '#shared/schemas/withdrawals.ts';
import {
  type WithdrawalMethod,
  withdrawalFeeCents,
  withdrawalRules,
  withinLimits,
} from '#shared/withdrawals.ts';

const shape = requestWithdrawalSchema.shape;

/** Key of the range message; the form fills in the chosen method's minimum and maximum. */
export const AMOUNT_RANGE_KEY = 'withdrawal:form.amountRange';

/**
 * The form: the shared schema's method and recipient-info rules with the spec's messages, plus the
 * method's range (checked by the server too, with the same `withinLimits`).
 */
export const withdrawalFormSchema = z
  .object({
    // A string first, so that "nothing chosen yet" ('') gets the spec's "Please select a withdrawal method".
    method: z.string().pipe(shape.method),
    amount: z.string().trim(),
    recipientInfo: z.string().trim().max(500),
    bankAccountId: z.string(),
  })
  .superRefine((form, ctx) => {
    const cents = parseAmount(form.amount);
    if (cents === null || !withinLimits(form.method, cents))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_RANGE_KEY });
    if (withdrawalRules[form.method].needsRecipientInfo && !form.recipientInfo)
      ctx.addIssue({
        code: 'custom',
        path: ['recipientInfo'],
        message: form.method === 'wire' ? 'wireDetailsRequired' : 'mailingAddressRequired',
      });
  });

export type WithdrawalFormInput = z.input<typeof withdrawalFormSchema>;
export type WithdrawalFormValues = z.output<typeof withdrawalFormSchema>;

export const emptyWithdrawalForm: WithdrawalFormInput = {
  method: '',
  amount: '',
  recipientInfo: '',
  bankAccountId: '',
};

export type RequestWithdrawalBody = {
  method: WithdrawalMethod;
  amount: string;
  recipientInfo?: string;
  bankAccountId?: number;
};

/** What goes to the server: recipient info only where the method uses it, the account only where it pays one. */
export function toRequestBody(values: WithdrawalFormValues): RequestWithdrawalBody {
  const rule = withdrawalRules[values.method];
  const bankAccountId = Number(values.bankAccountId);
  return {
    method: values.method,
    // "25" → "25.00": the schema passed it, so it parses.
    amount: formatAmount(parseAmount(values.amount) ?? 0),
    ...(rule.needsRecipientInfo ? { recipientInfo: values.recipientInfo } : {}),
    ...(rule.needsBankAccount && bankAccountId > 0 ? { bankAccountId } : {}),
  };
}

/** Amount, fee and total deducted for what is typed so far; null until it is a positive amount. */
export function withdrawalPreview(method: WithdrawalMethod, amount: string) {
  const amountCents = parseAmount(amount.trim());
  if (amountCents === null || amountCents <= 0) return null;
  const feeCents = withdrawalFeeCents(method, amountCents);
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}
