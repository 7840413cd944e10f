import type { PublicUser } from '#shared/schemas/auth.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  NotificationPreferences,
  PreferenceSwitch,
  ProfileInput,
  SessionsReply,
} from '#shared/schemas/settings.ts';
import { apiRequest, getJson } from '#web/lib/api.ts';

export const settingsKeys = {
  sessions: ['user', 'sessions'] as const,
  preferences: ['user', 'notification-preferences'] as const,
};

/** The calls behind /settings. */
export const settingsRequests = {
  saveProfile: (input: ProfileInput) => apiRequest<SuccessReply>('PATCH', '/api/user/profile', input),
  changePassword: (input: ChangePasswordInput) =>
    apiRequest<SuccessReply>('POST', '/api/user/password', input),
  changeEmail: (input: ChangeEmailInput) => apiRequest<SuccessReply>('POST', '/api/user/email', input),
  sessions: getJson<SessionsReply>('/api/user/sessions'),
  signOutDevice: (id: string) =>
    apiRequest<SuccessReply>('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`),
  signOutOthers: () => apiRequest<SuccessReply>('POST', '/api/user/sessions/sign-out-others'),
  preferences: getJson<NotificationPreferences>('/api/user/notification-preferences'),
  savePreference: (input: PreferenceSwitch) =>
    apiRequest<NotificationPreferences>('PUT', '/api/user/notification-preferences', input),
  unsubscribe: (token: string) =>
    apiRequest<{ success: true; kind: string }>('POST', '/api/notifications/unsubscribe', { token }),
};

export type { PublicUser };
