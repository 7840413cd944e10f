import { z } from 'zod';
import { LANGUAGE_CODES, languageSchema, signUpFields } from './auth.ts';
import { isTimeZone } from './groups.ts';
import { text } from './text.ts';

/** PATCH /api/user/profile: any of the three; the name follows the sign-up rules. */
export const profileSchema = z.strictObject({
  fullName: signUpFields.fullName.optional(),
  language: languageSchema.optional(),
  timeZone: text({ max: 64 }).refine(isTimeZone, { error: 'timeZoneUnknown' }).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
export { LANGUAGE_CODES };

/** The password as typed, bounded like the sign-in form's: a wrong one is an error, not a 400. */
const currentPassword = text({
  min: 1,
  max: 1024,
  trim: false,
  messages: { required: 'passwordRequired', max: 'invalidInput' },
});

/** POST /api/user/password. */
export const changePasswordSchema = z.strictObject({
  currentPassword,
  newPassword: signUpFields.password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword: signUpFields.password, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'passwordsDontMatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /api/user/email: the address changes only when the link sent to it is opened. */
export const changeEmailSchema = z.strictObject({ currentPassword, newEmail: signUpFields.email });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** One signed-in device. `id` is opaque (derived from the token hash, never the hash itself). */
export const sessionViewSchema = z.object({
  id: z.string(),
  browser: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const sessionsReply = z.object({ sessions: z.array(sessionViewSchema) });
export type SessionsReply = z.infer<typeof sessionsReply>;
/** 16 hex characters; anything else names no session. */
export const sessionIdParams = z.strictObject({ sessionId: z.string().regex(/^[0-9a-f]{16}$/) });

/** The kinds a person can switch, in the order the page lists them. */
export const NOTIFICATION_KINDS = ['payment_reminders', 'payouts', 'approvals', 'chat', 'security'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'invalidInput' });
export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What is stored: only switches turned off. Security is never stored off. */
export type NotificationPreferenceOverrides = Partial<
  Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>
>;

const channelSwitches = z.object({ inApp: z.boolean(), email: z.boolean() });
/** GET /api/user/notification-preferences: every kind, every channel. */
export const notificationPreferencesSchema = z.strictObject({
  payment_reminders: channelSwitches,
  payouts: channelSwitches,
  approvals: channelSwitches,
  chat: channelSwitches,
  security: channelSwitches,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The kinds a person may switch off: all but security. */
export const SWITCHABLE_KINDS = ['payment_reminders', 'payouts', 'approvals', 'chat'] as const;
/**
 * PUT /api/user/notification-preferences: one switch at a time, so two quick toggles (two tabs, or
 * an unsubscribe link) never overwrite each other. Replies with every switch.
 */
export const preferenceSwitchSchema = z.strictObject({
  kind: z.enum(SWITCHABLE_KINDS, { error: 'invalidInput' }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: 'invalidInput' }),
  enabled: z.boolean(),
});
export type PreferenceSwitch = z.infer<typeof preferenceSwitchSchema>;

/** POST /api/notifications/unsubscribe: the signed token from an email's footer. */
export const unsubscribeSchema = z.strictObject({
  token: text({ min: 1, max: 300, messages: { required: 'invalidInput', max: 'invalidInput' } }),
});
export const unsubscribeReply = z.object({ success: z.literal(true), kind: notificationKindSchema });
