import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMoney,
  parseAmount,
  payoutFeeCents,
  percentOfCents,
  roundHalfUp,
} from './money.ts';

const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};
const cents = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const signedCents = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('parseAmount', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['25.00', 2500],
    ['0.07', 7],
    ['0', 0],
    ['007.10', 710],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %i cents', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each([
    '25.001',
    '-1',
    '+1',
    '1e3',
    '1E3',
    '0x10',
    '',
    ' 25',
    '25 ',
    '.5',
    '25.',
    '1,000.00',
    'abc',
    'NaN',
    'Infinity',
    '٢٥',
    '90071992547409.92',
    '99999999999999999999',
  ])('rejects %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('is the inverse of formatAmount for every non-negative safe amount', () => {
    fc.assert(
      fc.property(cents, (c) => parseAmount(formatAmount(c)) === c),
      seed,
    );
  });

  it('accepts exactly plain decimals with at most two places, reading them exactly', () => {
    const candidates = fc.oneof(fc.string(), fc.stringMatching(/^[-+]?\d{1,17}(\.\d{0,3})?$/));
    fc.assert(
      fc.property(candidates, (text) => {
        const parsed = parseAmount(text);
        const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
        if (!match) return parsed === null;
        const exact = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
        return exact > BigInt(Number.MAX_SAFE_INTEGER) ? parsed === null : parsed === Number(exact);
      }),
      seed,
    );
  });
});

describe('formatAmount', () => {
  it.each([
    [2500, '25.00'],
    [7, '0.07'],
    [0, '0.00'],
    [-0, '0.00'],
    [-7, '-0.07'],
    [123456, '1234.56'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('writes %i as %j', (c, text) => {
    expect(formatAmount(c)).toBe(text);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %d', (c) => {
    expect(() => formatAmount(c)).toThrow(RangeError);
  });

  it('always has exactly two decimals and round-trips the sign', () => {
    fc.assert(
      fc.property(signedCents, (c) => {
        const text = formatAmount(c);
        const unsigned = text.replace(/^-/, '');
        return /^\d+\.\d{2}$/.test(unsigned) && parseAmount(unsigned) === Math.abs(c);
      }),
      seed,
    );
  });
});

describe('roundHalfUp and percentOfCents', () => {
  it.each([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [7n, 2n, 4n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
    [-149n, 100n, -1n],
    [0n, 7n, 0n],
  ])('rounds %i / %i to %i', (n, d, expected) => {
    expect(roundHalfUp(n, d)).toBe(expected);
  });

  it('is within half a unit of the exact quotient, and exactly half rounds away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (n, d) => {
          const q = roundHalfUp(n, d);
          const twiceError = 2n * (q * d - n); // 2 × (rounded − exact) × d
          const abs = twiceError < 0n ? -twiceError : twiceError;
          if (abs > d) return false;
          // On an exact half, the result is the one further from zero.
          if (abs === d) return n >= 0n ? q * d > n : q * d < n;
          return true;
        },
      ),
      seed,
    );
  });

  it('takes basis points of cents', () => {
    expect(percentOfCents(2500, 500)).toBe(125); // 5% penalty of $25
    expect(percentOfCents(1010, 500)).toBe(51); // 50.5 → 51
    expect(percentOfCents(1009, 500)).toBe(50); // 50.45 → 50
    expect(percentOfCents(0, 500)).toBe(0);
    expect(percentOfCents(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(cents, cents, fc.integer({ min: 0, max: 10_000 }), (a, b, bp) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return percentOfCents(lo, bp) <= percentOfCents(hi, bp);
      }),
      seed,
    );
  });
});

describe('payoutFeeCents', () => {
  it.each([
    [0, 30],
    [100_00, 320], // 2.9% of $100 = $2.90, + $0.30
    [1_000_00, 2930],
    [50_00, 175], // 145 + 30
    [1724, 80], // 49.996 → 50, + 30
    [1707, 80], // 49.503 → 50, + 30
    [1706, 79], // 49.474 → 49, + 30
  ])('for a pool of %i cents is %i cents', (pool, fee) => {
    expect(payoutFeeCents(pool)).toBe(fee);
  });

  it('is monotonic and never more than the pool needs (2.9% + 30 cents, within half a cent)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.integer({ min: 0, max: 10 ** 13 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const fee = payoutFeeCents(hi);
        const exactTimes20000 = hi * 580 + 30 * 20_000; // 2 × 10 000 × (2.9% of hi + 30)
        return payoutFeeCents(lo) <= fee && Math.abs(fee * 20_000 - exactTimes20000) <= 10_000;
      }),
      seed,
    );
  });

  it('refuses a negative or fractional pool', () => {
    expect(() => payoutFeeCents(-1)).toThrow(RangeError);
    expect(() => payoutFeeCents(10.5)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows dollars in the reader’s locale', () => {
    expect(formatMoney(2500, 'en')).toBe('$25.00');
    expect(formatMoney(123456789, 'en')).toBe('$1,234,567.89');
    expect(formatMoney(-7, 'en')).toBe('-$0.07');
    expect(formatMoney(2500, 'fr').replace(/\s/g, ' ')).toBe('25,00 $US');
    expect(formatMoney(2500, 'ko')).toContain('25.00');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'en')).toBe('$90,071,992,547,409.91');
  });
});

describe('formatMoney in right-to-left languages', () => {
  it('isolates the amount so surrounding Arabic text cannot reorder it', () => {
    const text = formatMoney(16_200, 'ar');
    expect(text.startsWith('\u2066')).toBe(true);
    expect(text.endsWith('\u2069')).toBe(true);
    expect(formatMoney(16_200, 'en')).toBe('$162.00');
  });
});
