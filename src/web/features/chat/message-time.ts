import { UNREADABLE } from '#web/lib/format.ts';

/** A message's time: the hour alone today, with the day otherwise, in the reader's language. */
export function messageTime(iso: string, locale: string, now = new Date()): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return UNREADABLE;
  const today = when.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    locale,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(when);
}
