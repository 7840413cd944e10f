import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, CommunicationSettings } from '#shared/schemas/chat.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
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
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<ChatMessage>('POST', base(groupId), { userId, message, messageType: 'text' }),
    onSuccess: () => {
      if (where === 'management') toast({ title: t('toast.sent'), description: t('toast.sentBody') });
    },
    onError: (error) => {
      // Refused as restricted: the settings changed since they were read, so the box gives way.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: queryKeys.communicationSettings(groupId) });
      toast({
        title: where === 'chat' ? t('toast.sendFailed') : t('toast.sendError'),
        description: sendErrorText(error, where === 'chat' ? 'chat:toast.tryAgain' : 'chat:toast.tryLater'),
        variant: 'destructive',
      });
    },
    onSettled: () => refreshChat(groupId),
  });
}

type MessageAction = 'delete' | 'pin' | 'unpin' | 'approve';

/** Delete (own, or any for admins), pin / unpin and approve (admins), each with its toast. */
export function useMessageAction(groupId: number) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ action, messageId }: { action: MessageAction; messageId: number }) =>
      action === 'delete'
        ? apiRequest<unknown>('DELETE', `${base(groupId)}/${messageId}`)
        : apiRequest<unknown>('POST', `${base(groupId)}/${messageId}/${action}`),
    onSuccess: (_, { action }) =>
      toast(
        action === 'pin'
          ? { title: t('toast.pinned'), description: t('toast.pinnedBody') }
          : { title: t(`toast.${action}d`) },
      ),
    onError: (error, { action }) =>
      toast({
        title: action === 'pin' || action === 'unpin' ? t('toast.pinError') : t('toast.actionFailed'),
        description: errorText(error, 'chat:toast.tryLater'),
        variant: 'destructive',
      }),
    onSettled: () => refreshChat(groupId),
  });
}

export function useReportMessage(groupId: number) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: number; reason: string }) =>
      apiRequest<unknown>('POST', `${base(groupId)}/${messageId}/report`, { reason }),
    onSuccess: () => toast({ title: t('toast.reported'), description: t('toast.reportedBody') }),
    onError: (error) =>
      toast({
        title: t('toast.reportFailed'),
        description: errorText(error, 'chat:toast.tryLater'),
        variant: 'destructive',
      }),
  });
}

/** Everything up to `lastReadMessageId` has been seen: the unread counts drop. Quiet on failure. */
export function useMarkRead(groupId: number) {
  return useMutation({
    mutationFn: (lastReadMessageId: number) =>
      apiRequest<unknown>('POST', `${base(groupId)}/read`, { lastReadMessageId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread() }),
  });
}

export function useSaveCommunicationSettings(groupId: number) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (settings: CommunicationSettings) =>
      apiRequest<CommunicationSettings>('PUT', `/api/groups/${groupId}/communication-settings`, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.communicationSettings(groupId), saved);
      toast({ title: t('toast.settingsSaved'), description: t('toast.settingsSavedBody') });
    },
    onError: (error) =>
      toast({
        title: t('toast.settingsError'),
        description: errorText(error, 'chat:toast.tryLater'),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.communicationSettings(groupId) }),
  });
}
