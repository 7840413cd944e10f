import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatInstant,
  formatMoneyText,
  formatPercent,
  isolate,
  readCents,
  toCents,
  UNREADABLE,
} from './format.ts';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('money text', () => {
  it('formats the API decimal strings and integer cents alike', () => {
    expect(formatMoneyText('25.00', 'en')).toBe('$25.00');
    expect(formatMoneyText('0.07', 'en')).toBe('$0.07');
    expect(formatMoneyText(2550, 'en')).toBe('$25.50');
    expect(formatMoneyText('1234567.89', 'en')).toBe('$1,234,567.89');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatMoneyText('-25.00', 'en')).toBe('-$25.00');
    expect(formatMoneyText(-7, 'en')).toBe('-$0.07');
  });

  it('shows an unreadable amount as — : never NaN, the raw text, or a made-up $0.00', () => {
    for (const bad of ['abc', '', '1.234', '1e5', '12,50', ' 5', '--5', 'NaN', '9'.repeat(30)])
      expect(formatMoneyText(bad, 'en'), JSON.stringify(bad)).toBe(UNREADABLE);
    for (const bad of [Number.NaN, 1.5, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(formatMoneyText(bad, 'en'), String(bad)).toBe(UNREADABLE);
  });

  it('counts an unreadable amount as zero only for sums, and says so in readCents', () => {
    expect(readCents('12.5')).toBe(1250);
    expect(readCents('-0.01')).toBe(-1);
    expect(readCents('x')).toBeNull();
    expect(toCents('x')).toBe(0);
    expect(toCents(1.5)).toBe(0);
  });

  it('keeps an amount whole in Arabic with a left-to-right isolate', () => {
    const text = formatMoneyText('162.00', 'ar');
    expect(text.startsWith(LRI) && text.endsWith(PDI)).toBe(true);
    expect(formatMoneyText('162.00', 'fr')).not.toContain(LRI);
  });
});

describe('days and instants', () => {
  it('shows a calendar day as that day in every time zone', () => {
    expect(formatCalendarDay('2025-03-01', 'en')).toBe('Mar 1, 2025');
  });

  it('shows an unreadable day or instant as — instead of throwing', () => {
    expect(formatCalendarDay('next week', 'en')).toBe(UNREADABLE);
    expect(formatCalendarDay('2025-3-1', 'en')).toBe(UNREADABLE);
    expect(formatInstant('not a time', 'en')).toBe(UNREADABLE);
  });

  it('shows an instant with its time, or as its day alone', () => {
    const iso = '2025-03-01T12:00:00Z';
    expect(formatInstant(iso, 'en', false)).toMatch(/2025/);
    expect(formatInstant(iso, 'en')).not.toBe(formatInstant(iso, 'en', false));
  });
});

describe('percent and isolation', () => {
  it('writes percentages as the language does, to the digits asked', () => {
    expect(formatPercent(2.9, 'en')).toBe('2.9%');
    expect(formatPercent(87.5, 'en', 0)).toBe('88%');
    expect(formatPercent(75, 'fr', 0)).toBe('75\u00a0%');
  });

  it('isolates text people typed in its own direction, in any language', () => {
    expect(isolate('Lucía')).toBe(`${FSI}Lucía${PDI}`);
  });
});
