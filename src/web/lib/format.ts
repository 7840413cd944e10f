import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoney, parseAmount } from '#shared/money.ts';

/** What an amount, a day or an instant shows as when the data cannot be read: never NaN, never a made-up $0. */
export const UNREADABLE = '—';

// Unicode directional isolates: left-to-right, first-strong, and the end of either.
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Text people typed (a name, a group, a reference, a reason) inside a translated sentence, in any
 * language: a first-strong isolate keeps its own direction, so an Arabic name in an English sentence
 * (or a Latin one in Arabic) cannot drag the words and punctuation around it.
 */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** "25.00" or "-25.00" from the API, or integer cents → cents; null for anything else (1.5 cents, NaN, "abc"). */
export function readCents(amount: string | number): number | null {
  if (typeof amount === 'number') return Number.isSafeInteger(amount) ? amount : null;
  const negative = amount.startsWith('-');
  const cents = parseAmount(negative ? amount.slice(1) : amount);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

/** For sums and comparisons (charts, progress): an unreadable amount counts as zero rather than NaN. */
export function toCents(amount: string | number): number {
  return readCents(amount) ?? 0;
}

/**
 * "25.00" or 2500 → "$25.00" in the reader's language (in right-to-left languages inside a
 * left-to-right isolate, from `formatMoney`). An unreadable amount shows as "—": showing it as-is
 * would print garbage, and $0.00 would state an amount nobody has.
 */
export function formatMoneyText(amount: string | number, locale: string): string {
  const cents = readCents(amount);
  return cents === null ? UNREADABLE : formatMoney(cents, locale);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Making an Intl formatter costs far more than using one, and a page formats hundreds of values.
function kept<Options, Format>(make: (locale: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale} ${JSON.stringify(options)}`;
    const found = made.get(key);
    if (found) return found;
    const format = make(locale, options);
    made.set(key, format);
    return format;
  };
}
const dateFormat = kept(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
const numberFormat = kept(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

/** A calendar day ("2025-03-01"), shown at noon UTC in UTC so no time zone can move it to another day. */
export function formatCalendarDay(date: string, locale: string): string {
  const match = CALENDAR_DAY.exec(date);
  if (!match) return UNREADABLE;
  const when = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(when);
}

/**
 * The signed-in user's time zone from /settings (undefined: the browser's own). Instants the app
 * shows (notifications, history, sessions, chat times) follow it; calendar days stay as stored.
 */
let displayTimeZone: string | undefined;
const zoneListeners = new Set<() => void>();
export function setDisplayTimeZone(zone: string | undefined) {
  if (zone === displayTimeZone) return;
  displayTimeZone = zone;
  for (const listener of zoneListeners) listener();
}
function subscribeZone(listener: () => void) {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}
const currentZone = () => displayTimeZone;
// What a page drawn on the server (decisions 0046, 0048) shows instants in: hydration starts from the
// same, then the browser's or the user's zone takes over.
const serverZone = () => 'UTC';

/** An instant (ISO timestamp) in the user's time zone (else the browser's): with its time, or its day alone. */
export function formatInstant(
  iso: string,
  locale: string,
  withTime = true,
  timeZone = displayTimeZone,
): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return UNREADABLE;
  return dateFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone },
  ).format(when);
}

/** 0 = Sunday … 6 = Saturday, as the reader's language names it. 2024-01-07 was a Sunday. */
export function formatWeekday(day: number, locale: string): string {
  return dateFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day, 12)),
  );
}

/** 12.5 → "12.5%" (or "٪١٢٫٥", "12,5 %"...) as the reader's language writes a percentage. */
export function formatPercent(value: number, locale: string, fractionDigits = 1): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: fractionDigits }).format(
    value / 100,
  );
}

/** The app's one way to show money, days, instants, numbers and percents, and to isolate them in sentences. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  // Re-render when the user's zone arrives or changes in /settings.
  const timeZone = useSyncExternalStore(subscribeZone, currentZone, serverZone);
  return {
    locale,
    money: (amount: string | number) => formatMoneyText(amount, locale),
    /** "$1.2K": for tight spots such as chart labels; the decimal string keeps floats out. */
    moneyShort: (cents: number) =>
      Number.isSafeInteger(cents)
        ? numberFormat(locale, {
            style: 'currency',
            currency: 'USD',
            notation: 'compact',
            // Stated, not left to the engine: Node's ICU wrote "$300.0" where browsers write "$300",
            // and a page the server drew (decision 0048) must read the same in both.
            minimumFractionDigits: 0,
            maximumFractionDigits: 1,
          }).format(formatAmount(cents) as `${number}`)
        : UNREADABLE,
    day: (date: string) => formatCalendarDay(date, locale),
    instant: (iso: string) => formatInstant(iso, locale, true, timeZone),
    instantDay: (iso: string) => formatInstant(iso, locale, false, timeZone),
    /** An instant's time of day ("14:05"), with its weekday when asked: short enough for a chart's axis. */
    time: (iso: string, withWeekday = false) =>
      dateFormat(locale, {
        ...(withWeekday ? { weekday: 'short' } : {}),
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      }).format(new Date(iso)),
    weekday: (day: number) => formatWeekday(day, locale),
    number: (value: number) => numberFormat(locale, {}).format(value),
    percent: (value: number, fractionDigits?: number) => formatPercent(value, locale, fractionDigits),
    /**
     * A number, code or phone number inside a sentence: in a right-to-left language "+1 ••••0123"
     * would be reordered by its neighbours, so it is kept left to right; left-to-right text stays plain.
     */
    ltr: (text: string) => (rtl ? `${LRI}${text}${PDI}` : text),
    /** A name or an address inside a sentence, isolated in its own direction in right-to-left languages only. */
    own: (text: string) => (rtl ? `${FSI}${text}${PDI}` : text),
  };
}

export type Format = ReturnType<typeof useFormat>;
