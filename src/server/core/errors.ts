import { type ErrorCode, errorCatalog } from '#shared/errors.ts';

/** Thrown by services; the error handler turns it into `{ code, message }` with its status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? errorCatalog[code].message);
    this.status = errorCatalog[code].status;
  }
}
