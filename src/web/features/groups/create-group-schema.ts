import { z } from 'zod';
import { dayOfWeek, formatCalendarDate, isCalendarDate, parseCalendarDate } from '#shared/calendar.ts';
import { createGroupSchema } from '#shared/schemas/groups.ts';

const shape = createGroupSchema.shape;

/** Today in the browser's own time zone, the one the group is created in. */
export function localToday(): string {
  const now = new Date();
  return formatCalendarDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The server's default contribution day: the start date's day of the month, or its weekday. */
export function defaultContributionDay(frequency: CreateGroupValues['frequency'], startDate: string): number {
  if (!isCalendarDate(startDate)) return frequency === 'monthly' ? 1 : 0;
  return frequency === 'monthly' ? parseCalendarDate(startDate).day : dayOfWeek(startDate);
}

/** The create form: the shared schema's fields and messages, with a start date not in the past. */
export const createGroupFormSchema = z
  .object({
    name: shape.name,
    // An empty amount reads as "at least $1" (the spec's message), not as a format error.
    contributionAmount: z.string().trim().min(1, { error: 'contributionMin' }).pipe(shape.contributionAmount),
    memberLimit: shape.memberLimit,
    frequency: z.enum(['weekly', 'bi-weekly', 'monthly']),
    contributionDay: z.number().int().min(0).max(31),
    gracePeriodDays: z
      .number()
      .int()
      .min(0, { error: 'gracePeriodRange' })
      .max(14, { error: 'gracePeriodRange' }),
    startDate: z
      .string()
      .refine(isCalendarDate, { error: 'invalidDate' })
      .refine((date) => date >= localToday(), { error: 'groups:create.startDatePast' }),
    rotationMethod: z.enum(['join_order', 'admin_set', 'random_draw']),
    requireApproval: z.boolean(),
  })
  .refine((g) => (g.frequency === 'monthly' ? g.contributionDay >= 1 : g.contributionDay <= 6), {
    error: 'contributionDayRange',
    path: ['contributionDay'],
  });

export type CreateGroupValues = z.infer<typeof createGroupFormSchema>;

export function defaultValues(): CreateGroupValues {
  const startDate = localToday();
  return {
    name: '',
    contributionAmount: '',
    memberLimit: 6,
    frequency: 'monthly',
    contributionDay: defaultContributionDay('monthly', startDate),
    gracePeriodDays: 3,
    startDate,
    rotationMethod: 'join_order',
    requireApproval: false,
  };
}
