import type { CalendarDate } from '#shared/calendar.ts';

/** 'YYYY-MM' of the month `offset` months after the one `date` is in (negative: before). */
export function monthOf(date: CalendarDate, offset = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + offset;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
}

/** The `count` months ending with the one `today` is in, oldest first. */
export function monthsEndingAt(today: CalendarDate, count: number): string[] {
  return Array.from({ length: count }, (_, i) => monthOf(today, i - count + 1));
}
