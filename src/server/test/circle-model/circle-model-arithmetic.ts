import { createHash } from 'node:crypto';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';

/**
 * The circle model's own arithmetic (calendar days, local days, half-up rounding, fees, limits),
 * written from PRODUCT.md and the spec rather than taken from the server's helpers, so that the
 * model predicts instead of repeating the code under test.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const fromDate = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const plusDays = (date: string, days: number) =>
  fromDate(new Date(toDate(date).getTime() + days * DAY_MS));
export const weekday = (date: string) => toDate(date).getUTCDay();
export const dayOfMonth = (date: string) => toDate(date).getUTCDate();

/** The given day in the month `ahead` months after `date`'s month, clamped to that month's end. */
export function monthDay(date: string, ahead: number, day: number): string {
  const d = toDate(date);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + ahead, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromDate(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last))));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day it is at `at` in `timeZone`. */
export function localDay(at: Date | number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${pad(Number(parts.year), 4)}-${pad(Number(parts.month))}-${pad(Number(parts.day))}`;
}

/** Half-up division of non-negative integers. */
export const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
export const penaltyOf = (cents: number, percent: number) => halfUp(cents * percent, 100);
/** The emergency fund's share of one contribution, and what a cycle pays: (C − share) × seats. */
export const emergencyShareOf = (cents: number, percent: number) => halfUp(cents * percent, 100);
export const poolOf = (g: { cents: number; emergencyPercent: number; limit: number }) =>
  (g.cents - emergencyShareOf(g.cents, g.emergencyPercent)) * g.limit;
/** The pricing page: 2.9% of the pool + $0.30. */
export const payoutFeeOf = (poolCents: number) => halfUp(poolCents * 290, 10_000) + 30;
/** Members who must have paid for `percent` per cent of `members` (rounded up). */
export const membersNeeded = (members: number, percent: number) => Math.floor((members * percent + 99) / 100);

export const dollars = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** PRODUCT.md / rotation.ts doc: members sorted by SHA-256("<seed>:<userId>") as hex, ascending. */
export function expectedDraw(seed: string, userIds: number[]): number[] {
  return [...userIds]
    .map((userId) => ({ userId, key: sha256(`${seed}:${userId}`) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.userId - b.userId))
    .map((e) => e.userId);
}

/** Spec document 1, section 9, in cents: range, fee, and whether it goes to the linked bank. */
export const WITHDRAWAL_TABLE: Record<
  WithdrawalMethod,
  { min: number; max: number; fee: (cents: number) => number; toBank: boolean }
> = {
  bank_transfer: { min: 100, max: 1_000_000, fee: () => 0, toBank: true },
  instant: {
    min: 100,
    max: 500_000,
    fee: (cents) => Math.max(50, halfUp(cents * 150, 10_000)),
    toBank: true,
  },
  wire: { min: 10_000, max: 5_000_000, fee: () => 1500, toBank: false },
  check: { min: 2500, max: 2_500_000, fee: () => 250, toBank: false },
};

/** The largest amount whose amount + fee fits in `available` (0 if none). */
export function largestWithdrawal(method: WithdrawalMethod, available: number): number {
  const { fee } = WITHDRAWAL_TABLE[method];
  let cents = Math.max(0, available - fee(available));
  while (cents > 0 && cents + fee(cents) > available) cents -= 1;
  while (cents + 1 + fee(cents + 1) <= available) cents += 1;
  return cents;
}

export const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
export const sumBy = <T>(list: readonly T[], f: (x: T) => number) =>
  list.reduce((total, x) => total + f(x), 0);
