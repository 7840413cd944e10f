import { useTranslation } from 'react-i18next';
import { formatMoney, parseAmount } from '#shared/money.ts';

/** "25.00" → "$25.00" in the reader's language; an unreadable amount shows as-is rather than as $0. */
export function formatAmountText(amount: string, locale: string): string {
  const cents = parseAmount(amount.startsWith('-') ? amount.slice(1) : amount);
  if (cents === null) return amount;
  return formatMoney(amount.startsWith('-') ? -cents : cents, locale);
}

/** A calendar day ("2025-03-01"), shown at noon UTC so no time zone can move it to another day. */
export function formatCalendarDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** An instant (ISO timestamp), in the browser's own time zone. */
export function formatInstant(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 0 = Sunday … 6 = Saturday, as the reader's language names it. 2024-01-07 was a Sunday. */
export function formatWeekday(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day, 12)),
  );
}

export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    money: (amount: string) => formatAmountText(amount, locale),
    day: (date: string) => formatCalendarDay(date, locale),
    instant: (iso: string) => formatInstant(iso, locale),
    weekday: (day: number) => formatWeekday(day, locale),
    number: (n: number) => new Intl.NumberFormat(locale).format(n),
  };
}
