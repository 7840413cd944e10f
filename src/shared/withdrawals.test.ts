import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withdrawalFeeCents, withdrawalMethods, withinLimits } from './withdrawals.ts';

describe('withdrawal fees and limits (spec document 1, section 9)', () => {
  it('charges the table’s fees', () => {
    expect(withdrawalFeeCents('bank_transfer', 50_000)).toBe(0);
    expect(withdrawalFeeCents('instant', 10_000)).toBe(150); // 1.5% of $100
    expect(withdrawalFeeCents('instant', 2_000)).toBe(50); // 1.5% of $20 = $0.30 → minimum $0.50
    expect(withdrawalFeeCents('instant', 3_333)).toBe(50);
    expect(withdrawalFeeCents('instant', 3_334)).toBe(50); // 50.01 → 50
    expect(withdrawalFeeCents('instant', 3_367)).toBe(51); // 50.505 → 51 (half-up)
    expect(withdrawalFeeCents('wire', 100_000)).toBe(1500);
    expect(withdrawalFeeCents('check', 2_500)).toBe(250);
  });

  it('keeps each method within its range, inclusive', () => {
    expect(withinLimits('bank_transfer', 100)).toBe(true);
    expect(withinLimits('bank_transfer', 99)).toBe(false);
    expect(withinLimits('instant', 500_000)).toBe(true);
    expect(withinLimits('instant', 500_001)).toBe(false);
    expect(withinLimits('wire', 9_999)).toBe(false);
    expect(withinLimits('check', 2_500_000)).toBe(true);
  });

  it('never charges a negative or fractional fee, and instant never less than 50 cents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...withdrawalMethods),
        fc.integer({ min: 1, max: 5_000_000 }),
        (method, cents) => {
          const fee = withdrawalFeeCents(method, cents);
          expect(Number.isSafeInteger(fee) && fee >= 0).toBe(true);
          if (method === 'instant') expect(fee).toBeGreaterThanOrEqual(50);
        },
      ),
    );
  });
});
