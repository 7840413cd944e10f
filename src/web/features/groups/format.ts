import { useTranslation } from 'react-i18next';
import { parseCalendarDate } from '#shared/calendar.ts';
import { formatAmount, formatMoney, parseAmount } from '#shared/money.ts';

/** "25.00" from the API → cents; an unreadable amount counts as zero rather than NaN. */
export function toCents(amount: string): number {
  return parseAmount(amount) ?? 0;
}

/**
 * Wraps text from the data (a name, a group, a date) in Unicode isolates, so a Latin name inside an
 * Arabic sentence (or the reverse) cannot reorder the words around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Display helpers in the reader's language: money, calendar dates (never shifted a day), instants, percents. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    money: (amount: string | number) =>
      formatMoney(typeof amount === 'number' ? amount : toCents(amount), locale),
    /** "$1.2K": for tight spots such as chart labels; the decimal string keeps floats out. */
    moneyShort: (cents: number) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        notation: 'compact',
        maximumFractionDigits: 1,
      }).format(formatAmount(cents) as `${number}`),
    /** A 'YYYY-MM-DD' day, shown at noon UTC in UTC so no time zone moves it. */
    date: (day: string) => {
      const { year, month, day: d } = parseCalendarDate(day);
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, d, 12)),
      );
    },
    /** An ISO instant, as a day in the reader's own time zone. */
    instant: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)),
    percent: (value: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
  };
}
