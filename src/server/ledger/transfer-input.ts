import { type AccountRef, accountKey } from './accounts.ts';
import { InvalidTransferError } from './errors.ts';

export type TransferLeg = { account: AccountRef; amountCents: number };

export type TransferInput = {
  /** Unique per intended movement of money; a retry with the same key has no second effect. */
  idempotencyKey: string;
  kind: string;
  groupId?: number | null;
  userId?: number | null;
  memo?: string | null;
  at: Date;
  /** Signed amounts that sum to zero: negative leaves the account, positive enters it. */
  legs: TransferLeg[];
};

export type PostedTransfer = { transferId: number; replayed: boolean };

/** One leg per line, sorted, so that the same legs in any order compare equal. */
export const fingerprint = (legs: { key: string; amountCents: number }[]) =>
  legs
    .map((leg) => `${leg.key} ${leg.amountCents}`)
    .sort()
    .join('\n');

/** Checks a transfer before anything touches the database; throws InvalidTransferError. */
export function validateTransfer(input: TransferInput) {
  const fail = (why: string): never => {
    throw new InvalidTransferError(`transfer ${JSON.stringify(input.idempotencyKey)}: ${why}`);
  };
  if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length === 0)
    fail('no idempotency key');
  if (typeof input.kind !== 'string' || input.kind.length === 0) fail('no kind');
  if (!(input.at instanceof Date) || Number.isNaN(input.at.getTime())) fail('invalid time');
  if (!Array.isArray(input.legs) || input.legs.length < 2) fail('a transfer needs at least two legs');
  let sum = 0n; // BigInt: a sum of safe integers may leave the safe range on the way.
  const legs = input.legs.map((leg) => {
    if (!Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0) {
      fail(`amount ${leg.amountCents} is not a non-zero whole number of cents`);
    }
    sum += BigInt(leg.amountCents);
    return { ref: leg.account, key: accountKey(leg.account), amountCents: leg.amountCents };
  });
  if (sum !== 0n) fail(`legs sum to ${sum}, not 0`);
  if (new Set(legs.map((leg) => leg.key)).size < 2) fail('a transfer must involve two accounts');
  return legs;
}
