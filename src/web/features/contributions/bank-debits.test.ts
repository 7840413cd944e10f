import { describe, expect, it } from 'vitest';
import { type BankDebit, latestDebitFor, settledSince } from './bank-debits.ts';

const debit = (id: number, status: BankDebit['status'], more: Partial<BankDebit> = {}): BankDebit => ({
  id,
  contributionId: 7,
  cycle: 1,
  userId: 3,
  userName: 'Kofi Boateng',
  amount: '100.00',
  source: 'manual',
  attempt: 1,
  status,
  bankAccount: { bankName: 'Harbor Credit Union', last4: '6789' },
  failureCode: null,
  failureMessage: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  settledAt: null,
  ...more,
});

describe('settledSince', () => {
  it('reports nothing on the first look, however the debits ended', () => {
    expect(settledSince(null, [debit(1, 'succeeded'), debit(2, 'failed')])).toEqual([]);
  });

  it('reports a debit that was with the bank and has now succeeded or failed', () => {
    const before = new Map([
      [1, 'processing' as const],
      [2, 'requested' as const],
      [3, 'processing' as const],
    ]);
    const now = [debit(1, 'succeeded'), debit(2, 'failed'), debit(3, 'processing')];
    expect(settledSince(before, now).map((d) => d.id)).toEqual([1, 2]);
  });

  it('reports a new debit that settled between two looks, not one still in flight', () => {
    const before = new Map([[1, 'failed' as const]]);
    const now = [debit(3, 'processing'), debit(2, 'succeeded'), debit(1, 'failed')];
    expect(settledSince(before, now).map((d) => d.id)).toEqual([2]);
  });
});

describe('latestDebitFor', () => {
  it("takes the viewer's newest debit for that contribution (the list is newest first)", () => {
    const list = [
      debit(9, 'processing', { userId: 4 }),
      debit(8, 'failed', { contributionId: 6 }),
      debit(7, 'failed'),
      debit(5, 'succeeded'),
    ];
    expect(latestDebitFor(list, 3, 7)?.id).toBe(7);
    expect(latestDebitFor(list, 3, 99)).toBeUndefined();
    expect(latestDebitFor(undefined, 3, 7)).toBeUndefined();
  });
});
