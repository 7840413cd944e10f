import { useTranslation } from 'react-i18next';
import type { Frequency } from '#web/features/groups/types.ts';

/** "15" or "Last day of the month" for monthly circles; the weekday's name (Sunday = 0) otherwise. */
export function useDayLabel() {
  const { t, i18n } = useTranslation('groups');
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(i18n.language);
  return (frequency: Frequency, day: number) => {
    if (frequency !== 'monthly') return weekday.format(new Date(Date.UTC(2023, 0, 1 + day, 12)));
    return day === 31 ? t('create.lastDay') : number.format(day);
  };
}
