import { describe, expect, it } from 'vitest';
import { todayIn } from '#web/lib/today-in.ts';
import { dayForFrequency, scheduleFormSchema, thresholdChoices } from './schedule-form.ts';

describe('schedule form', () => {
  const valid = { frequency: 'monthly', contributionDay: 31, gracePeriod: 3, reminderDays: 3 } as const;

  it('uses the shared rules and message keys', () => {
    const schema = scheduleFormSchema('2026-03-01');
    expect(schema.safeParse(valid).success).toBe(true);
    const weekday = schema.safeParse({ ...valid, frequency: 'weekly', contributionDay: 7 });
    expect(weekday.error?.issues[0]?.message).toBe('contributionDayRange');
    const grace = schema.safeParse({ ...valid, gracePeriod: 15 });
    expect(grace.error?.issues[0]?.message).toBe('gracePeriodRange');
    const reminder = schema.safeParse({ ...valid, reminderDays: 15 });
    expect(reminder.error?.issues[0]?.message).toBe('reminderDaysRange');
  });

  it('refuses a start date before today in the group time zone', () => {
    const schema = scheduleFormSchema('2026-03-01');
    const past = schema.safeParse({ ...valid, startDate: '2026-02-28' });
    expect(past.error?.issues[0]).toMatchObject({
      message: 'groups:create.startDatePast',
      path: ['startDate'],
    });
    expect(schema.safeParse({ ...valid, startDate: '2026-03-01' }).success).toBe(true);
    // 23:30 UTC on March 1 is already March 2 in Tokyo and still March 1 in New York.
    const now = new Date('2026-03-01T23:30:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-02');
    expect(todayIn('America/New_York', now)).toBe('2026-03-01');
  });

  it('keeps a weekday between weekly and bi-weekly, restarts across monthly', () => {
    expect(dayForFrequency('weekly', 'bi-weekly', 5)).toBe(5);
    expect(dayForFrequency('monthly', 'weekly', 31)).toBe(1);
    expect(dayForFrequency('weekly', 'monthly', 0)).toBe(1);
  });

  it('offers thresholds from 50 to 100 and keeps an off-grid current value', () => {
    expect(thresholdChoices(100)).toEqual([50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100]);
    expect(thresholdChoices(73)).toContain(73);
  });
});
