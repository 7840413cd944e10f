/**
 * Money is an integer number of US cents (`number`, always a safe integer). This module owns
 * parsing, the single rounding rule and formatting; nothing else divides or multiplies money.
 */

export type Cents = number;

/** 2.9% of the pool, in basis points (1 bp = 0.01%), plus a fixed 30 cents: the pricing page. */
export const PAYOUT_FEE_BASIS_POINTS = 290;
export const PAYOUT_FEE_FIXED_CENTS = 30;

const BASIS_POINTS_PER_WHOLE = 10_000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Throws unless `cents` is a safe integer: a float or NaN here is always a bug upstream. */
export function assertCents(cents: number, what = 'amount'): asserts cents is Cents {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`${what} must be a safe integer of cents, got ${cents}`);
}

/** Digits, optionally a point and one or two decimals. No sign, exponent, spaces or separators. */
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "25" → 2500, "25.5" → 2550, "25.50" → 2550, "0.07" → 7.
 * Returns `null` for anything else (more than two decimals, a sign, exponent notation, empty or
 * non-numeric text, or more cents than a safe integer holds), so callers turn it into their own
 * validation message. Zero is a valid amount; callers that need a positive amount check that.
 */
export function parseAmount(text: string): Cents | null {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  // BigInt so that long digit strings cannot lose precision before the range check.
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return cents > MAX_SAFE ? null : Number(cents);
}

/** 2500 → "25.00", -7 → "-0.07": the decimal string the API carries. */
export function formatAmount(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const rest = abs % 100;
  // (abs - rest) is an exact multiple of 100, so this division is exact for every safe integer.
  const whole = (abs - rest) / 100;
  return `${cents < 0 ? '-' : ''}${whole}.${String(rest).padStart(2, '0')}`;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero
 * (2.5 → 3, -2.5 → -3): the one rounding rule for money. Exact for any safe integers,
 * because it works in BigInt rather than floating point.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (2n * abs + denominator) / (2n * denominator);
  return negative ? -quotient : quotient;
}

/** `basisPoints` / 10 000 of `cents`, rounded half-up to the cent (500 bp of 2500 → 125). */
export function percentOfCents(cents: Cents, basisPoints: number): Cents {
  assertCents(cents);
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError('basisPoints must be an integer');
  const result = roundHalfUp(BigInt(cents) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_WHOLE));
  if (result > MAX_SAFE || result < -MAX_SAFE) throw new RangeError('result is out of the safe range');
  return Number(result);
}

/** The fee taken from a payout: 2.9% of the pool (half-up) + 30 cents. */
export function payoutFeeCents(poolCents: Cents): Cents {
  assertCents(poolCents, 'pool');
  if (poolCents < 0) throw new RangeError('pool must not be negative');
  return percentOfCents(poolCents, PAYOUT_FEE_BASIS_POINTS) + PAYOUT_FEE_FIXED_CENTS;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * 2500, 'en' → "$25.00"; 2500, 'fr' → "25,00 $US"; right-to-left languages get the amount in a
 * left-to-right isolate. For display only; the API uses formatAmount.
 */
export function formatMoney(cents: Cents, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    formatters.set(locale, formatter);
  }
  // A decimal string, not cents / 100, so no float ever touches the amount.
  const text = formatter.format(formatAmount(cents) as `${number}`);
  // In right-to-left text "162.00 US$" would be reordered by its neighbours ("$US 162.00"):
  // a left-to-right isolate keeps the amount whole wherever it is placed.
  return RTL_LANGUAGES.has(locale.split('-')[0]!) ? `\u2066${text}\u2069` : text;
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);
