import { z } from 'zod';
import { text } from './text.ts';

/** GET /api/calendar/feed: whether a feed exists. Its URL is shown only once, when it is made. */
export const calendarFeedStatusReply = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusReply>;

/** POST /api/calendar/feed: the new feed, its URL (https and webcal) this once. */
export const calendarFeedCreatedReply = z.object({
  url: z.string(),
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedReply>;

/**
 * The feed's token in the path: 256 random bits in base64url (43 characters). Text that is no token
 * at all (control characters, too long) is invalid input; any other wrong token is 404.
 */
export const calendarTokenParams = z.strictObject({
  token: text({ min: 1, max: 100, messages: { required: 'invalidInput', max: 'invalidInput' } }),
});

/** GET /api/calendar/{token}.ics: iCalendar text (RFC 5545); the schema documents its body. */
export const calendarFileReply = z.string().describe('text/calendar');

/** GET /api/account/export.csv: CSV text; the schema documents its body. */
export const moneyHistoryCsvReply = z.string().describe('text/csv');

const rows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/account/export: everything SaveCircle holds about the caller (decision 0028). */
export const accountExportReply = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  memberships: rows,
  contributions: rows,
  payouts: rows,
  walletEntries: rows,
  withdrawals: rows,
  bankAccounts: rows,
  notifications: rows,
  chatMessages: rows,
  announcements: rows,
  applications: rows,
  peerRatingsGiven: rows,
  warningsReceived: rows,
  verification: z.record(z.string(), z.unknown()).nullable(),
  sessions: rows,
  calendarFeed: z.record(z.string(), z.unknown()).nullable(),
  reportSchedules: rows,
});
export type AccountExport = z.infer<typeof accountExportReply>;

/** POST /api/account/delete: the current password, as typed. */
export const deleteAccountSchema = z.strictObject({
  password: text({
    min: 1,
    max: 1024,
    trim: false,
    messages: { required: 'passwordRequired', max: 'invalidInput' },
  }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * Why an account cannot be deleted yet. A refusal is the error reply ACCOUNT_DELETION_BLOCKED with one
 * `issues` item a reason: `path` 'reasons', `key` the reason below, `message` its English text.
 */
export const deletionBlockReasons = [
  'IN_RECRUITING_CIRCLE',
  'IN_ACTIVE_CIRCLE',
  'WALLET_NOT_EMPTY',
  'MONEY_ON_HOLD',
  'PENALTY_OWED',
  'CONTRIBUTION_OWED',
] as const;
export type DeletionBlockReason = (typeof deletionBlockReasons)[number];

export const deletionBlockMessages: Record<DeletionBlockReason, string> = {
  IN_RECRUITING_CIRCLE: 'You are a member of a circle that is still recruiting. Leave it first.',
  IN_ACTIVE_CIRCLE: 'You are a member of an active circle. Wait until it has completed.',
  WALLET_NOT_EMPTY: 'Your wallet still has money in it. Withdraw it first.',
  MONEY_ON_HOLD: 'A withdrawal or other movement of your money is still in progress.',
  PENALTY_OWED: 'You owe a late penalty. Pay it first.',
  CONTRIBUTION_OWED: 'You owe a contribution. Pay it first.',
};
