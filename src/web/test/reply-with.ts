import { vi } from 'vitest';

/** Every request the code under test makes gets this JSON reply (undo with vi.unstubAllGlobals). */
export function replyWith(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );
}

/** The server's refusal of a confirmation while the member's bank payment is on its way. */
export const debitInProgress = {
  code: 'DEBIT_IN_PROGRESS',
  message: 'A bank payment for this contribution is already on its way',
};
