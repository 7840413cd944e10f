/**
 * Calendar dates as 'YYYY-MM-DD' strings: a due date is a day in the group's time zone, not an
 * instant, so date arithmetic here never touches time zones or DST.
 */
export type CalendarDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseCalendarDate(date: CalendarDate): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new Error(`not a calendar date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const { year, month, day } = parseCalendarDate(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function formatCalendarDate(year: number, month: number, day: number): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** month is 1-12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const { year, month, day } = parseCalendarDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return formatCalendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  const { year, month, day } = parseCalendarDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The given day of the month `monthsAhead` after the date's month; days past the month's end clamp to its last day. */
export function dayInMonthAhead(date: CalendarDate, monthsAhead: number, dayOfMonth: number): CalendarDate {
  const { year, month } = parseCalendarDate(date);
  const index = year * 12 + (month - 1) + monthsAhead;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return formatCalendarDate(y, m, Math.min(dayOfMonth, daysInMonth(y, m)));
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
