const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "il y a 2 jours", "منذ دقيقتين": how long ago, in the largest whole unit. */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const when = new Date(iso).getTime();
  if (Number.isNaN(when)) return '—';
  const seconds = Math.round((when - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
