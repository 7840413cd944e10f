import { overdueFrom } from './schedule.ts';

// Pages list many contributions due on the same few dates, and working out a time zone's local
// midnight is slow (tens of µs), so each boundary is remembered; time zone rules do not change
// while the process runs. Bounded, so a long-lived server does not grow it forever.
const boundaries = new Map<string, number>();
const LIMIT = 10_000;

/** overdueFrom(dueDate, graceDays, timeZone) in epoch milliseconds, remembered. */
export function overdueBoundary(dueDate: string, graceDays: number, timeZone: string): number {
  const key = `${timeZone} ${dueDate} ${graceDays}`;
  let at = boundaries.get(key);
  if (at === undefined) {
    if (boundaries.size >= LIMIT) boundaries.clear();
    at = overdueFrom(dueDate, graceDays, timeZone).getTime();
    boundaries.set(key, at);
  }
  return at;
}

/**
 * Whether a contribution is overdue: not paid, in an active circle, from the day after due date +
 * grace. The one rule behind the group page's flag, the Payments tab and announcement audiences.
 */
export function isOverdue(
  c: { status: string; dueDate: string; graceDays: number },
  group: { status: string; timeZone: string },
  now: Date | number,
): boolean {
  return (
    c.status !== 'paid' &&
    group.status === 'active' &&
    Number(now) >= overdueBoundary(c.dueDate, c.graceDays, group.timeZone)
  );
}
