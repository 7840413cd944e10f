import { TZDate } from '@date-fns/tz';
import {
  addDays,
  type CalendarDate,
  compareDates,
  dayInMonthAhead,
  dayOfWeek,
  formatCalendarDate,
  parseCalendarDate,
} from '#shared/calendar.ts';

export type Frequency = 'weekly' | 'bi-weekly' | 'monthly';

export type ScheduleSettings = {
  frequency: Frequency;
  /** 1-31 for monthly (31 = the month's last day, any day clamps); 0-6 (Sunday = 0) otherwise. */
  contributionDay: number;
  gracePeriodDays: number;
  startDate: CalendarDate;
};

export type CycleDates = { cycle: number; dueOn: CalendarDate; payoutOn: CalendarDate };

/** The first contribution date on or after the start date. */
export function firstDueDate(settings: ScheduleSettings): CalendarDate {
  const { startDate, contributionDay } = settings;
  if (settings.frequency === 'monthly') {
    const thisMonth = dayInMonthAhead(startDate, 0, contributionDay);
    return compareDates(thisMonth, startDate) >= 0
      ? thisMonth
      : dayInMonthAhead(startDate, 1, contributionDay);
  }
  return addDays(startDate, (contributionDay - dayOfWeek(startDate) + 7) % 7);
}

/**
 * Cycle n's dates. Monthly cycles are computed from the first month each time (not by adding a
 * month to the previous one), so a 31st clamped to February 28 is back to the 31st in March.
 */
export function cycleDates(settings: ScheduleSettings, cycle: number): CycleDates {
  const first = firstDueDate(settings);
  let dueOn: CalendarDate;
  if (settings.frequency === 'monthly') dueOn = dayInMonthAhead(first, cycle - 1, settings.contributionDay);
  else dueOn = addDays(first, (cycle - 1) * (settings.frequency === 'weekly' ? 7 : 14));
  return { cycle, dueOn, payoutOn: addDays(dueOn, settings.gracePeriodDays) };
}

export function scheduleCycles(settings: ScheduleSettings, fromCycle: number, toCycle: number): CycleDates[] {
  const cycles: CycleDates[] = [];
  for (let n = fromCycle; n <= toCycle; n++) cycles.push(cycleDates(settings, n));
  return cycles;
}

/** The instant a local calendar day starts in a time zone (DST-aware; a skipped midnight becomes 01:00). */
export function startOfLocalDay(date: CalendarDate, timeZone: string): Date {
  const { year, month, day } = parseCalendarDate(date);
  return new Date(new TZDate(year, month - 1, day, 0, 0, 0, timeZone).getTime());
}

/** A contribution is overdue from the start of the day after its due date plus the grace period. */
export function overdueFrom(dueOn: CalendarDate, gracePeriodDays: number, timeZone: string): Date {
  return startOfLocalDay(addDays(dueOn, gracePeriodDays + 1), timeZone);
}

/** Today's date in the given time zone. */
export function localToday(now: Date, timeZone: string): CalendarDate {
  const local = new TZDate(now.getTime(), timeZone);
  return formatCalendarDate(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
