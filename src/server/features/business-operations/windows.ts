import type { OperationsPeriod } from '#shared/schemas/business-operations.ts';

/** A stretch of time, from inclusive, to exclusive. */
export type Window = { from: Date; to: Date };
export type Windows = { current: Window; previous: Window };

const DAY = 86_400_000;
/** The same lengths as the support tab's periods (features/support/support-metrics.ts). */
const periodDays: Record<OperationsPeriod, number> = { week: 7, month: 30, quarter: 91, year: 365 };

/** The chosen period, ending now, and the period of the same length just before it. */
export function periodWindows(period: OperationsPeriod, now: Date): Windows {
  const length = periodDays[period] * DAY;
  const from = new Date(now.getTime() - length);
  return { current: { from, to: now }, previous: { from: new Date(from.getTime() - length), to: from } };
}

/** A calendar month 'YYYY-MM' in UTC, and the month before it. */
export function monthWindows(month: string): Windows {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const at = (m: number) => new Date(Date.UTC(year, m - 1, 1));
  return {
    current: { from: at(index), to: at(index + 1) },
    previous: { from: at(index - 1), to: at(index) },
  };
}

export const windowsReply = (windows: Windows) => ({
  current: { from: windows.current.from.toISOString(), to: windows.current.to.toISOString() },
  previous: { from: windows.previous.from.toISOString(), to: windows.previous.to.toISOString() },
});
