import { z } from 'zod';
import { addDays, compareDates, isCalendarDate } from '../calendar.ts';
import { languageSchema } from './auth.ts';
import { calendarDateField } from './groups.ts';
import { text } from './text.ts';

/** A page of the contributions view holds at most this many rows. */
export const MAX_CONTRIBUTIONS_PAGE = 100;
export const DEFAULT_CONTRIBUTIONS_PAGE = 20;
/** The report's period, as the spec's JSON file names it. */
export const REPORT_PERIOD = 'Last 6 months';
export const REPORT_MONTHS = 6;
/** A statement covers at most this many days (24 months). */
export const MAX_STATEMENT_DAYS = 731;

export const contributionStatuses = ['paid', 'pending', 'late'] as const;
export type ContributionStatus = (typeof contributionStatuses)[number];

/** GET /api/user/{userId}/contributions: the spec's group-name search and status filter, paged. */
export const contributionsQuerySchema = z.strictObject({
  search: text({ max: 80 }).optional(),
  status: z.enum(['all', ...contributionStatuses]).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_CONTRIBUTIONS_PAGE).default(DEFAULT_CONTRIBUTIONS_PAGE),
});
export type ContributionsQuery = z.infer<typeof contributionsQuerySchema>;

/**
 * The CSV files' `lang`: the language of their labels and headings (one of the six); without it,
 * the member's own language setting.
 */
const csvLanguageField = languageSchema.optional();

/** GET /api/user/analytics/report.csv. */
export const reportCsvQuerySchema = z.strictObject({ lang: csvLanguageField });

/** GET /api/user/analytics/statement.csv: a period of whole days in the member's time zone. */
export const statementQuerySchema = z
  .strictObject({ from: calendarDateField, to: calendarDateField, lang: csvLanguageField })
  .refine(
    (q) =>
      // A malformed date has its own message already.
      !isCalendarDate(q.from) ||
      !isCalendarDate(q.to) ||
      (compareDates(q.from, q.to) <= 0 && compareDates(q.to, addDays(q.from, MAX_STATEMENT_DAYS)) < 0),
    {
      error: 'statementPeriod',
      path: ['to'],
    },
  );
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const reportScheduleKinds = ['monthly_statement'] as const;
export const reportScheduleParams = z.strictObject({ kind: z.enum(reportScheduleKinds) });
export const setReportScheduleSchema = z.strictObject({ active: z.boolean() });

// ---- Replies ----

/** The spec's contribution record (001 §3); amounts in dollars as text, dates as 'YYYY-MM-DD'. */
export const contributionRecordSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  amount: z.string(),
  dueDate: z.string(),
  /** The day it was paid, in the member's time zone; absent while unpaid. */
  paidDate: z.string().optional(),
  status: z.enum(contributionStatuses),
  cycle: z.number().int(),
  /** The late penalty charged on it, if any. */
  penalty: z.string().optional(),
  method: z.string(),
});
export type ContributionRecord = z.infer<typeof contributionRecordSchema>;

export const contributionsReply = z.object({
  contributions: z.array(contributionRecordSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ContributionsReply = z.infer<typeof contributionsReply>;

/** GET /api/user/analytics: the member's own figures over the report period. */
export const analyticsReply = z.object({
  period: z.literal(REPORT_PERIOD),
  generatedAt: z.string(),
  timeZone: z.string(),
  summary: z.object({
    totalContributed: z.string(),
    totalReceived: z.string(),
    /** Received minus contributed. */
    net: z.string(),
    contributionsPaid: z.number().int(),
    paidOnTime: z.number().int(),
    paidLate: z.number().int(),
    /** Percent of paid contributions paid on time; null without any. */
    onTimeRate: z.number().nullable(),
    penaltiesPaid: z.string(),
    payoutsReceived: z.number().int(),
  }),
  /** Oldest first, one per month of the period; `cumulative` counts everything paid before it too. */
  months: z.array(
    z.object({
      month: z.string(),
      contributed: z.string(),
      cumulative: z.string(),
      received: z.string(),
      paidOnTime: z.number().int(),
      paidLate: z.number().int(),
    }),
  ),
  /** Every circle the member has money records in, all time: paid in against received. */
  circles: z.array(
    z.object({ groupId: z.number().int(), groupName: z.string(), paidIn: z.string(), received: z.string() }),
  ),
  goal: z.object({ target: z.string(), monthly: z.string(), isDefault: z.boolean(), totalSaved: z.string() }),
});
export type AnalyticsReply = z.infer<typeof analyticsReply>;

export const analyticsCsvReply = z.string().describe('text/csv');

export const reportScheduleSchema = z.object({
  kind: z.enum(reportScheduleKinds),
  active: z.boolean(),
  /** The latest month ('YYYY-MM') whose statement was sent. */
  lastSentPeriod: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportSchedulesReply = z.object({ schedules: z.array(reportScheduleSchema) });
export type ReportSchedulesReply = z.infer<typeof reportSchedulesReply>;

export const reportScheduleChangeReply = z.object({
  success: z.literal(true),
  schedule: reportScheduleSchema,
});
