import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, accountTypes, isValidRoutingNumber } from '../bank.ts';
import { parseAmount } from '../money.ts';
import { withdrawalMethods } from '../withdrawals.ts';
import { dbIdParam } from './ids.ts';
import { text } from './text.ts';

/** What a person types on a provider-hosted connect page. Only the sandbox's page sends it to us. */
const bankDetailsFields = {
  bankName: text({ min: 1, max: 80, messages: { required: 'bankNameRequired', max: 'bankNameMax' } }),
  routingNumber: z
    .string({ error: 'routingNumberInvalid' })
    .trim()
    .refine(isValidRoutingNumber, { error: 'routingNumberInvalid' }),
  accountNumber: z
    .string({ error: 'accountNumberInvalid' })
    .trim()
    .regex(ACCOUNT_NUMBER_PATTERN, { error: 'accountNumberInvalid' }),
  accountType: z.enum(accountTypes, { error: 'accountTypeRequired' }),
};

export const bankDetailsSchema = z.strictObject(bankDetailsFields);
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** The connect page's form: the account number typed twice; the confirmation is never sent. */
export const bankDetailsFormSchema = z
  .object({ ...bankDetailsFields, confirmAccountNumber: z.string() })
  .refine((form) => form.accountNumber.trim() === form.confirmAccountNumber.trim(), {
    error: 'accountNumbersDontMatch',
    path: ['confirmAccountNumber'],
  });
export type BankDetailsForm = z.input<typeof bankDetailsFormSchema>;

export const sessionIdSchema = text({ min: 1, max: 100 });

/** The spec's payload is `sessionId`; a hosted page that collected the details itself adds them. */
export const completeBankConnectionSchema = z.strictObject({
  sessionId: sessionIdSchema,
  account: bankDetailsSchema.optional(),
});

export const bankLinkSessionParam = z.strictObject({ sessionId: sessionIdSchema });

/** "0.32": one micro-deposit in dollars, more than zero and under $1. */
export const microDepositAmount = z
  .string({ error: 'microDepositAmount' })
  .trim()
  .refine(
    (text) => {
      const cents = parseAmount(text.startsWith('.') ? `0${text}` : text);
      return cents !== null && cents >= 1 && cents <= 99;
    },
    { error: 'microDepositAmount' },
  );

export const verifyMicroDepositsSchema = z.strictObject({
  amounts: z.tuple([microDepositAmount, microDepositAmount], { error: 'microDepositAmount' }),
});
export type VerifyMicroDepositsInput = z.infer<typeof verifyMicroDepositsSchema>;

/** Cents of an amount the schema above accepted. */
export function microDepositCents(text: string): number {
  const trimmed = text.trim();
  return parseAmount(trimmed.startsWith('.') ? `0${trimmed}` : trimmed) ?? 0;
}

export const bankAccountIdParam = z.strictObject({ id: dbIdParam });

export const providerInfoSchema = z.object({
  name: z.enum(['sandbox', 'stripe']),
  label: z.string(),
  /** False for the sandbox and for Stripe test keys: the UI then says that no real money moves. */
  movesRealMoney: z.boolean(),
  /** The withdrawal methods this processor pays out (Stripe: no wire, no paper check). */
  payoutMethods: z.array(z.enum(withdrawalMethods)),
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;

/** Why a member cannot be paid out yet; `onboarding_required` is the one they can fix at the processor. */
export const payoutNotReadyReasons = [
  'bank_account_required',
  'onboarding_required',
  'under_review',
  'rejected',
] as const;
export type PayoutNotReadyReason = (typeof payoutNotReadyReasons)[number];

/** GET /api/payments/payout-readiness: whether bank and instant withdrawals can be paid out now. */
export const payoutReadinessSchema = z.discriminatedUnion('ready', [
  z.object({ ready: z.literal(true) }),
  z.object({ ready: z.literal(false), reason: z.enum(payoutNotReadyReasons) }),
]);
export type PayoutReadiness = z.infer<typeof payoutReadinessSchema>;

/** POST /api/payments/payout-onboarding: the processor's hosted page, where the browser goes next. */
export const payoutOnboardingSchema = z.object({ url: z.string() });
export type PayoutOnboarding = z.infer<typeof payoutOnboardingSchema>;

export const bankAccountStatuses = ['connected', 'verified', 'verification_failed'] as const;

/** A bank account as the API returns it: the spec's id, bankName, accountType, last4, status, and more. */
export const bankAccountViewSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountType: z.enum(accountTypes),
  last4: z.string(),
  /** 'verified' shows as Verified; anything else as Connected (the spec's rule). */
  status: z.enum(bankAccountStatuses),
  /** Wrong micro-deposit entries left before verification locks; 0 once locked. */
  verificationAttemptsLeft: z.number().int(),
  microDepositsSentAt: z.string().nullable(),
  connectedAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

export const bankAccountListSchema = z.object({
  bankAccounts: z.array(bankAccountViewSchema),
  provider: providerInfoSchema,
});
export type BankAccountList = z.infer<typeof bankAccountListSchema>;

export const bankLinkSessionSchema = z.object({
  sessionId: z.string(),
  clientSecret: z.string(),
  provider: providerInfoSchema,
  /** Where the browser goes to enter bank details when the provider hosts the page itself. */
  hostedUrl: z.string().nullable(),
  /** For providers whose script runs in the browser (Stripe.js); null otherwise. */
  publishableKey: z.string().nullable(),
  expiresAt: z.string(),
});
export type BankLinkSession = z.infer<typeof bankLinkSessionSchema>;

export const bankLinkSessionStatusSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'completed', 'expired']),
  provider: providerInfoSchema,
  expiresAt: z.string(),
});
export type BankLinkSessionStatus = z.infer<typeof bankLinkSessionStatusSchema>;

export const completeBankConnectionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bankAccount: bankAccountViewSchema,
});

/** POST /api/bank-accounts/{id}/verify: the micro-deposits matched. */
export const bankAccountVerifiedReply = z.object({
  success: z.literal(true),
  bankAccount: bankAccountViewSchema,
});

/** POST /api/stripe/webhook: acknowledged (acted on or not; applying an event is idempotent). */
export const webhookReceivedReply = z.object({ received: z.boolean() });
