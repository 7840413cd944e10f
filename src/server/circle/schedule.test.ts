import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, dayOfWeek, isCalendarDate, parseCalendarDate } from '#shared/calendar.ts';
import {
  cycleDates,
  firstDueDate,
  localToday,
  overdueFrom,
  type ScheduleSettings,
  startOfLocalDay,
} from './schedule.ts';

const monthly = (contributionDay: number, startDate: string, gracePeriodDays = 0): ScheduleSettings => ({
  frequency: 'monthly',
  contributionDay,
  gracePeriodDays,
  startDate,
});

describe('monthly schedule', () => {
  it('treats the 31st as the last day of every month and does not drift after February', () => {
    const settings = monthly(31, '2027-01-01');
    expect([1, 2, 3, 4].map((n) => cycleDates(settings, n).dueOn)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });

  it('knows leap years: February 29 in 2028, not in 2100', () => {
    expect(cycleDates(monthly(30, '2028-01-15'), 2).dueOn).toBe('2028-02-29');
    expect(cycleDates(monthly(29, '2100-02-01'), 1).dueOn).toBe('2100-02-28');
    expect(cycleDates(monthly(31, '2024-02-01'), 1).dueOn).toBe('2024-02-29');
  });

  it('starts next month when this month’s day has passed, and crosses year ends', () => {
    expect(firstDueDate(monthly(5, '2026-12-20'))).toBe('2027-01-05');
    expect(firstDueDate(monthly(20, '2026-12-20'))).toBe('2026-12-20');
    expect(cycleDates(monthly(15, '2026-11-01'), 3).dueOn).toBe('2027-01-15');
  });

  it('pays out the contribution date plus the grace period', () => {
    expect(cycleDates(monthly(28, '2027-02-01', 3), 1)).toEqual({
      cycle: 1,
      dueOn: '2027-02-28',
      payoutOn: '2027-03-03',
    });
  });
});

describe('weekly and bi-weekly schedules', () => {
  it('lands on the chosen weekday, every 7 or 14 days', () => {
    // 2026-11-22 is a Sunday.
    const weekly: ScheduleSettings = {
      frequency: 'weekly',
      contributionDay: 5,
      gracePeriodDays: 2,
      startDate: '2026-11-22',
    };
    expect([1, 2, 3].map((n) => cycleDates(weekly, n).dueOn)).toEqual([
      '2026-11-27',
      '2026-12-04',
      '2026-12-11',
    ]);
    const biWeekly = { ...weekly, frequency: 'bi-weekly' as const, contributionDay: 0 };
    expect([1, 2, 3].map((n) => cycleDates(biWeekly, n).dueOn)).toEqual([
      '2026-11-22',
      '2026-12-06',
      '2026-12-20',
    ]);
  });

  it('always falls on the weekday, in order, 7 or 14 days apart (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('weekly' as const, 'bi-weekly' as const),
        fc.integer({ min: 1, max: 24 }),
        (start, day, frequency, cycle) => {
          const startDate = start.toISOString().slice(0, 10);
          const settings: ScheduleSettings = {
            frequency,
            contributionDay: day,
            gracePeriodDays: 0,
            startDate,
          };
          const { dueOn } = cycleDates(settings, cycle);
          const next = cycleDates(settings, cycle + 1).dueOn;
          expect(dayOfWeek(dueOn)).toBe(day);
          expect(compareDates(dueOn, startDate)).toBeGreaterThanOrEqual(0);
          expect(next).toBe(addDays(dueOn, frequency === 'weekly' ? 7 : 14));
        },
      ),
    );
  });
});

describe('monthly property', () => {
  it('is a real date, one per month, on the chosen day or the month’s last day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 30 }),
        (start, day, cycle) => {
          const settings = monthly(day, start.toISOString().slice(0, 10));
          const a = parseCalendarDate(cycleDates(settings, cycle).dueOn);
          const b = parseCalendarDate(cycleDates(settings, cycle + 1).dueOn);
          expect(isCalendarDate(cycleDates(settings, cycle).dueOn)).toBe(true);
          expect(b.year * 12 + b.month - (a.year * 12 + a.month)).toBe(1);
          const lastDay = new Date(Date.UTC(a.year, a.month, 0)).getUTCDate();
          expect(a.day).toBe(Math.min(day, lastDay));
        },
      ),
    );
  });
});

describe('time zones', () => {
  it('computes local midnights across DST changes', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('moves a skipped midnight to the first hour that exists', () => {
    // Santiago skips 00:00-01:00 on 2026-09-06.
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('marks overdue from the local day after due date plus grace', () => {
    expect(overdueFrom('2026-03-06', 2, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(overdueFrom('2026-03-06', 0, 'Asia/Seoul').toISOString()).toBe('2026-03-06T15:00:00.000Z');
  });

  it('knows what day it is where the group lives', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(localToday(instant, 'UTC')).toBe('2026-11-22');
    expect(localToday(instant, 'Asia/Seoul')).toBe('2026-11-23');
    expect(localToday(instant, 'America/Los_Angeles')).toBe('2026-11-22');
  });
});
