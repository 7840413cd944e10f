import { useTranslation } from 'react-i18next';
import type { ChatMessage, CommunicationSettings } from '#shared/schemas/chat.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

const base = (groupId: number) => `/api/groups/${groupId}/messages`;
const refreshChat = (groupId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.messages(groupId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread() }),
  ]);

/**
 * Why a send failed, in the reader's words: messaging closed to members (403) and "slow down" (429)
 * have their own texts whatever code the server gives them; otherwise the code's translation.
 */
export function useSendErrorText() {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  return (error: unknown, fallbackKey: string) => {
    if (error instanceof ApiError && error.status === 403) return t('restricted');
    if (error instanceof ApiError && error.status === 429) return t('slowDown');
    return errorText(error, fallbackKey);
  };
}

/**
 * Sends a message. `where` picks the spec's toasts: the group chat only says when it failed ('Failed
 * to send message'); group management also confirms ('Message sent' / 'Error sending message').
 */
export function useSendMessage(groupId: number, userId: number, where: 'chat' | 'management' = 'chat') {
  const { t } = useTranslation('chat');
  const sendErrorText = useSendErrorText();
  return useActionMutation({
    mutationFn: (message: string) =>
      apiRequest<ChatMessage>('POST', base(groupId), { userId, message, messageType: 'text' }),
    success:
      where === 'management'
        ? () => ({ title: t('toast.sent'), description: t('toast.sentBody') })
        : { shownOnScreen: 'the message appears in the conversation' },
    failure: {
      title: where === 'chat' ? t('toast.sendFailed') : t('toast.sendError'),
      fallbackKey: where === 'chat' ? 'chat:toast.tryAgain' : 'chat:toast.tryLater',
      describe: (error) =>
        error instanceof ApiError && (error.status === 403 || error.status === 429)
          ? sendErrorText(error, 'chat:toast.tryLater')
          : null,
    },
    onError: (error) => {
      // Refused as restricted: the settings changed since they were read, so the box gives way.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: queryKeys.communicationSettings(groupId) });
    },
    onSettled: () => refreshChat(groupId),
  });
}

type MessageAction = 'delete' | 'pin' | 'unpin' | 'approve';

/** Delete (own, or any for admins), pin / unpin and approve (admins), each with its toast. */
export function useMessageAction(groupId: number) {
  const { t } = useTranslation('chat');
  return useActionMutation({
    mutationFn: ({ action, messageId }: { action: MessageAction; messageId: number }) =>
      action === 'delete'
        ? apiRequest<unknown>('DELETE', `${base(groupId)}/${messageId}`)
        : apiRequest<unknown>('POST', `${base(groupId)}/${messageId}/${action}`),
    success: (_, { action }) =>
      action === 'pin'
        ? { title: t('toast.pinned'), description: t('toast.pinnedBody') }
        : { title: t(`toast.${action}d`) },
    failure: {
      title: ({ action }) =>
        action === 'pin' || action === 'unpin' ? t('toast.pinError') : t('toast.actionFailed'),
      fallbackKey: 'chat:toast.tryLater',
    },
    onSettled: () => refreshChat(groupId),
  });
}

export function useReportMessage(groupId: number) {
  const { t } = useTranslation('chat');
  return useActionMutation({
    mutationFn: ({ messageId, reason }: { messageId: number; reason: string }) =>
      apiRequest<unknown>('POST', `${base(groupId)}/${messageId}/report`, { reason }),
    success: () => ({ title: t('toast.reported'), description: t('toast.reportedBody') }),
    failure: { title: t('toast.reportFailed'), fallbackKey: 'chat:toast.tryLater' },
  });
}

/** Everything up to `lastReadMessageId` has been seen: the unread counts drop. Quiet on failure. */
export function useMarkRead(groupId: number) {
  return useActionMutation({
    mutationFn: (lastReadMessageId: number) =>
      apiRequest<unknown>('POST', `${base(groupId)}/read`, { lastReadMessageId }),
    // Sent by itself as messages are seen, not by a click: the unread count is the feedback.
    success: { shownOnScreen: 'the unread count goes down' },
    failure: { shownOnScreen: 'the unread count stays as it was' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread() }),
  });
}

export function useSaveCommunicationSettings(groupId: number) {
  const { t } = useTranslation('chat');
  return useActionMutation({
    mutationFn: (settings: CommunicationSettings) =>
      apiRequest<CommunicationSettings>('PUT', `/api/groups/${groupId}/communication-settings`, settings),
    success: () => ({ title: t('toast.settingsSaved'), description: t('toast.settingsSavedBody') }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.communicationSettings(groupId), saved),
    failure: { title: t('toast.settingsError'), fallbackKey: 'chat:toast.tryLater' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.communicationSettings(groupId) }),
  });
}
