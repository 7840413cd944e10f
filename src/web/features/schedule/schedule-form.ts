import type { z } from 'zod';
import { type ScheduleUpdate, scheduleUpdateSchema } from '#shared/schemas/groups.ts';
import type { Group } from '#web/lib/group-detail.ts';

/** The form holds what the API takes; the start date only while recruiting (an active circle's dates follow its current cycle). */
export type ScheduleFormValues = z.input<typeof scheduleUpdateSchema>;

export const THRESHOLD_STEP = 5;

/** The shared schema and its messages, plus the server's "not in the past" rule for a new start date. */
export function scheduleFormSchema(today: string) {
  return scheduleUpdateSchema.refine((s) => !s.startDate || s.startDate >= today, {
    error: 'groups:create.startDatePast',
    path: ['startDate'],
  });
}

export function scheduleDefaults(group: Group): ScheduleFormValues {
  return {
    frequency: group.frequency,
    contributionDay: group.contributionDay,
    gracePeriod: group.gracePeriodDays,
    reminderDays: group.reminderDays,
    minimumContributionThreshold: group.minContributionThreshold,
    autoPayoutEnabled: group.autoPayout,
    startDate: group.status === 'recruiting' ? group.startDate : undefined,
  };
}

/**
 * The contribution day kept when the frequency changes: between weekly and bi-weekly the weekday
 * stays; across monthly and weekly the numbers mean different things, so it restarts at 1
 * (the 1st of the month, or Monday).
 */
export function dayForFrequency(
  from: ScheduleUpdate['frequency'],
  to: ScheduleUpdate['frequency'],
  day: number,
): number {
  return (from === 'monthly') === (to === 'monthly') ? day : 1;
}

/** 50, 55 … 100, plus the group's own value when it is off that grid. */
export function thresholdChoices(current: number): number[] {
  const grid = Array.from({ length: (100 - 50) / THRESHOLD_STEP + 1 }, (_, i) => 50 + i * THRESHOLD_STEP);
  return grid.includes(current) ? grid : [...grid, current].sort((a, b) => a - b);
}
