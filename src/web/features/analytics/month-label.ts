/** 'YYYY-MM' as the reader's month name: short for chart axes, long for tables. */
export function monthLabel(month: string, locale: string, style: 'short' | 'long'): string {
  const [year, m] = month.split('-').map(Number);
  const middle = new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 15));
  return new Intl.DateTimeFormat(locale, {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(middle);
}
