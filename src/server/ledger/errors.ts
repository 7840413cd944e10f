import { AppError } from '#server/core/errors.ts';

/** A posting would take a wallet, escrow, reserve or fee account below zero; nothing was written. */
export class InsufficientFundsError extends AppError {
  constructor(
    readonly accountKey: string,
    readonly balanceCents: number,
    readonly requestedCents: number,
  ) {
    super('INSUFFICIENT_FUNDS');
  }
}

/** The idempotency key was already used for a transfer with other legs or another kind. */
export class IdempotencyConflictError extends AppError {
  constructor(readonly idempotencyKey: string) {
    super('IDEMPOTENCY_CONFLICT');
  }
}

/** The transfer was already reversed (by a request with another idempotency key). */
export class TransferAlreadyReversedError extends AppError {
  constructor(readonly transferId: number) {
    super('TRANSFER_ALREADY_REVERSED');
  }
}

/**
 * The caller built an impossible transfer (unbalanced, one leg, zero or fractional cents).
 * That is a bug in our code, not a user mistake, so it is a plain Error and answers 500.
 */
export class InvalidTransferError extends Error {
  override name = 'InvalidTransferError';
}
