/**
 * Bank details both sides check the same way: the ABA routing-number checksum, account-number
 * shape, and the sandbox's documented test accounts (listed on its connect page and in the README).
 */

/** ABA weights, repeating over the nine digits: 3·d1 + 7·d2 + 1·d3 + 3·d4 + … + 1·d9 ≡ 0 (mod 10). */
const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

function weightedSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += ABA_WEIGHTS[i]! * Number(digits[i]);
  return sum;
}

/** True for nine digits whose ABA checksum holds. Catches every single-digit typo. */
export function isValidRoutingNumber(text: string): boolean {
  return /^\d{9}$/.test(text) && weightedSum(text) % 10 === 0;
}

/** The ninth digit that makes eight digits a valid routing number (its weight is 1, so there is exactly one). */
export function routingCheckDigit(firstEight: string): string {
  if (!/^\d{8}$/.test(firstEight)) throw new RangeError('expected eight digits');
  return String((10 - (weightedSum(firstEight) % 10)) % 10);
}

/** US account numbers: 4 to 17 digits (leading zeros count, so they stay text). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{4,17}$/;

export const accountTypes = ['checking', 'savings'] as const;
export type AccountType = (typeof accountTypes)[number];

/** Wrong micro-deposit entries allowed before verification locks. */
export const MAX_VERIFICATION_ATTEMPTS = 3;

/** What a sandbox test account does on purpose, like a card network's test card numbers. */
export type SandboxBehaviour = 'succeeds' | 'debit_insufficient_funds' | 'link_declined' | 'payout_fails';

/** A routing number that passes the checksum, for trying the sandbox (Stripe's test routing number). */
export const SANDBOX_TEST_ROUTING_NUMBER = '110000000';

/**
 * The sandbox's documented test account numbers. Any other valid account number behaves like
 * the first one. Keep in step with the README's "Sandbox test accounts" table.
 */
export const SANDBOX_TEST_ACCOUNTS: readonly { accountNumber: string; behaviour: SandboxBehaviour }[] = [
  { accountNumber: '000123456789', behaviour: 'succeeds' },
  { accountNumber: '000111111113', behaviour: 'debit_insufficient_funds' },
  { accountNumber: '000222222227', behaviour: 'link_declined' },
  { accountNumber: '000333333335', behaviour: 'payout_fails' },
];

export function sandboxBehaviour(accountNumber: string): SandboxBehaviour {
  return SANDBOX_TEST_ACCOUNTS.find((a) => a.accountNumber === accountNumber)?.behaviour ?? 'succeeds';
}
