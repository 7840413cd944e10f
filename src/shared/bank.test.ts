import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidRoutingNumber,
  routingCheckDigit,
  SANDBOX_TEST_ROUTING_NUMBER,
  sandboxBehaviour,
} from './bank.ts';

const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};
const eightDigits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 8 });

describe('ABA routing numbers', () => {
  it.each([
    '011000015', // Federal Reserve Bank of Boston
    '021000021', // JPMorgan Chase, New York
    '026009593', // Bank of America, New York
    '121000358', // Bank of America, California
    SANDBOX_TEST_ROUTING_NUMBER,
  ])('accepts the real routing number %s', (routing) => {
    expect(isValidRoutingNumber(routing)).toBe(true);
  });

  it.each(['021000022', '12345678', '1234567890', '02100002a', ' 021000021', '', '０21000021'])(
    'refuses %j',
    (text) => {
      expect(isValidRoutingNumber(text)).toBe(false);
    },
  );

  it('gives any eight digits exactly one valid ninth digit, and it is the check digit', () => {
    fc.assert(
      fc.property(eightDigits, (first) => {
        const valid = [...'0123456789'].filter((d) => isValidRoutingNumber(first + d));
        expect(valid).toEqual([routingCheckDigit(first)]);
      }),
      seed,
    );
  });

  it('catches every single-digit typo in a valid number', () => {
    fc.assert(
      fc.property(
        eightDigits,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (first, position, shift) => {
          const valid = first + routingCheckDigit(first);
          const typo = [...valid];
          typo[position] = String((Number(typo[position]) + shift) % 10);
          expect(isValidRoutingNumber(typo.join(''))).toBe(false);
        },
      ),
      seed,
    );
  });
});

describe('sandbox test accounts', () => {
  it('fail on purpose only for their exact number', () => {
    expect(sandboxBehaviour('000111111113')).toBe('debit_insufficient_funds');
    expect(sandboxBehaviour('000222222227')).toBe('link_declined');
    expect(sandboxBehaviour('111111113')).toBe('succeeds');
    expect(sandboxBehaviour('987654321')).toBe('succeeds');
  });
});
