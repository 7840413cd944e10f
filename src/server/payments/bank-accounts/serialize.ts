import type { bankAccounts } from '#server/db/payments-schema.ts';
import { MAX_VERIFICATION_ATTEMPTS } from '#shared/bank.ts';
import type { BankAccountView } from '#shared/schemas/payments.ts';
import type { ProviderBankAccount } from '../provider.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The account as its owner sees it: never the fingerprint, provider data or deposit amounts. */
export function toBankAccountView(row: BankAccountRow): BankAccountView {
  if (row.status === 'removed') throw new Error('removed accounts are not shown');
  return {
    id: row.id,
    bankName: row.bankName,
    accountType: row.accountType,
    last4: row.last4,
    status: row.status,
    verificationAttemptsLeft:
      row.status === 'connected' ? Math.max(0, MAX_VERIFICATION_ATTEMPTS - row.verificationAttempts) : 0,
    microDepositsSentAt: row.microDepositsSentAt?.toISOString() ?? null,
    connectedAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

export function toProviderAccount(row: BankAccountRow): ProviderBankAccount {
  return {
    providerRef: row.providerRef,
    providerData: row.providerData,
    microDepositsCents:
      row.microDeposit1Cents !== null && row.microDeposit2Cents !== null
        ? [row.microDeposit1Cents, row.microDeposit2Cents]
        : null,
  };
}
