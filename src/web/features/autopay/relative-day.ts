import { useTranslation } from 'react-i18next';
import { todayIn } from '#web/lib/today-in.ts';

const DAY_MS = 86_400_000;

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * "today", "tomorrow", "in 3 days" in the reader's language, or "Overdue" for a day already past,
 * counted from today in the circle's time zone.
 */
export function useRelativeDay(timeZone: string) {
  const { t, i18n } = useTranslation('autopay');
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const today = todayIn(timeZone);
  return (date: string) => {
    const days = daysBetween(today, date);
    return { days, text: days < 0 ? t('when.overdue') : relative.format(days, 'day') };
  };
}
