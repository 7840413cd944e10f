import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { PaymentsConfig } from '#server/config.ts';
import { AppError } from '#server/core/errors.ts';
import { type SandboxBehaviour, sandboxBehaviour } from '#shared/bank.ts';
import { validationText } from '#shared/messages.ts';
import type { Cents } from '#shared/money.ts';
import { bankDetailsSchema, type PayoutReadiness, type ProviderInfo } from '#shared/schemas/payments.ts';
import { withdrawalMethods } from '#shared/withdrawals.ts';
import { bankAccountFingerprint } from '../fingerprint.ts';
import type {
  CompleteBankLinkInput,
  LinkedBankAccount,
  MoneyMovementInput,
  PaymentEvent,
  PaymentProvider,
  PayoutInput,
  PendingMovement,
  PendingVerification,
  ProviderBankAccount,
  StartBankLinkInput,
  StartedBankLink,
  VerifyMicroDepositsInput,
} from '../provider.ts';
import { newIdentitySessionRef } from './identity-sessions.ts';

export const SANDBOX_LABEL = 'Sandbox: no real money moves';

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/** Two different amounts of 1–99 cents, like the deposits a bank sends to prove ownership. */
export function drawMicroDeposits(draw: (min: number, max: number) => number = randomInt): [Cents, Cents] {
  const first = draw(1, 100);
  let second = draw(1, 100);
  while (second === first) second = draw(1, 100);
  return [first, second];
}

function behaviourOf(account: ProviderBankAccount): SandboxBehaviour {
  return (account.providerData.testBehaviour as SandboxBehaviour | undefined) ?? 'succeeds';
}

/**
 * A simulated processor. Bank details come from its own connect page in our web app; outcomes are
 * decided by the documented test account numbers (src/shared/bank.ts) and delivered later through
 * the job queue, as a real processor's webhooks would arrive.
 */
export class SandboxProvider implements PaymentProvider {
  readonly payoutMethods = withdrawalMethods;
  readonly info: ProviderInfo = {
    name: 'sandbox',
    label: SANDBOX_LABEL,
    movesRealMoney: false,
    payoutMethods: [...withdrawalMethods],
  };

  constructor(private readonly config: PaymentsConfig) {}

  async startBankLink(input: StartBankLinkInput): Promise<StartedBankLink> {
    return {
      providerRef: `sbx_fcsess_${token()}`,
      clientSecret: `${input.sessionId}_secret_${token(16)}`,
      hostedUrl: `/sandbox/connect?session=${encodeURIComponent(input.sessionId)}`,
      publishableKey: null,
      customerRef: null,
    };
  }

  async completeBankLink(input: CompleteBankLinkInput): Promise<LinkedBankAccount> {
    if (!input.details)
      throw new AppError('VALIDATION_ERROR', 'Enter the bank details on the sandbox connect page');
    // The routes validated this already; the processor checks again, as a real one would.
    const parsed = bankDetailsSchema.safeParse(input.details);
    if (!parsed.success)
      throw new AppError('VALIDATION_ERROR', validationText(parsed.error.issues[0]?.message ?? ''));
    const details = parsed.data;
    const behaviour = sandboxBehaviour(details.accountNumber);
    if (behaviour === 'link_declined') throw new AppError('BANK_LINK_DECLINED');
    return {
      providerRef: `sbx_ba_${token()}`,
      providerData: { testBehaviour: behaviour },
      bankName: details.bankName,
      last4: details.accountNumber.slice(-4),
      fingerprint: bankAccountFingerprint(
        this.config.fingerprintSecret,
        details.routingNumber,
        details.accountNumber,
      ),
      accountType: details.accountType,
      // In reality these deposits are money leaving the platform (the processor charges them to us).
      // In the sandbox no money moves, so they are not posted to our ledger.
      verification: { method: 'micro_deposits', amountsCents: drawMicroDeposits(), statementForUser: true },
    };
  }

  async verifyMicroDeposits({ account, amountsCents }: VerifyMicroDepositsInput): Promise<boolean> {
    if (!account.microDepositsCents) return false;
    // People read a statement top to bottom or bottom to top: either order is right.
    const sorted = (pair: readonly number[]) => [...pair].sort((a, b) => a - b).join(',');
    return sorted(account.microDepositsCents) === sorted(amountsCents);
  }

  async createDebit(input: MoneyMovementInput): Promise<PendingMovement> {
    const providerRef = `sbx_debit_${this.refFor(input.idempotencyKey)}`;
    const event: PaymentEvent =
      behaviourOf(input.account) === 'debit_insufficient_funds'
        ? {
            type: 'debit.failed',
            providerRef,
            failureCode: 'insufficient_funds',
            failureMessage: 'The bank account has insufficient funds (sandbox test account)',
          }
        : { type: 'debit.succeeded', providerRef };
    return {
      providerRef,
      status: 'pending',
      simulatedOutcome: { event, afterMs: this.config.sandboxSettlementMs },
    };
  }

  async createPayout(input: PayoutInput): Promise<PendingMovement> {
    const providerRef = `sbx_payout_${this.refFor(input.idempotencyKey)}`;
    // Wires and checks go to details we cannot test against, so in the sandbox they always arrive.
    const event: PaymentEvent =
      input.account && behaviourOf(input.account) === 'payout_fails'
        ? {
            type: 'payout.failed',
            providerRef,
            failureCode: 'account_closed',
            failureMessage: 'The bank account is closed (sandbox test account)',
          }
        : { type: 'payout.paid', providerRef };
    return {
      providerRef,
      status: 'pending',
      simulatedOutcome: { event, afterMs: this.config.sandboxSettlementMs },
    };
  }

  async payoutReadiness(): Promise<PayoutReadiness> {
    // No processor account stands between the wallet and the bank here: nothing to set up.
    return { ready: true };
  }

  async startPayoutOnboarding(): Promise<{ url: string }> {
    throw new AppError('METHOD_UNAVAILABLE', 'The sandbox needs no payout setup: payouts are always ready');
  }

  async createIdentityVerification(input: { userId: number }): Promise<PendingVerification> {
    // The person shows their documents on the sandbox's own page; what they enter there decides the
    // outcome (documented test document numbers), delivered later like a processor's webhook.
    const providerRef = newIdentitySessionRef(this.config.fingerprintSecret, input.userId);
    return { providerRef, url: `/sandbox/identity?session=${encodeURIComponent(providerRef)}` };
  }

  parseWebhook(): PaymentEvent | null {
    // The sandbox's outcomes come through the job queue; a webhook claiming to be from it is forged.
    throw new AppError('FORBIDDEN', 'The sandbox sends no webhooks');
  }

  /** The same key gives the same reference, as a processor's own idempotency would. */
  private refFor(idempotencyKey: string) {
    return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24);
  }
}
