import { queryOptions, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Announcement, CreateAnnouncementInput } from '#shared/schemas/chat.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

export type { Announcement } from '#shared/schemas/chat.ts';

export const announcementQueries = {
  list: (groupId: number) =>
    queryOptions({
      queryKey: queryKeys.announcements(groupId),
      queryFn: () => apiRequest<Announcement[]>('GET', `/api/groups/${groupId}/announcements`),
      staleTime: 0,
    }),
};

/**
 * Posts an announcement. The News tab says 'Announcement created' / 'Failed to create announcement';
 * group management says 'Announcement posted' / 'Error posting announcement' (the spec's two screens).
 */
export function useCreateAnnouncement(groupId: number, where: 'news' | 'management' = 'news') {
  const { t } = useTranslation('announcements');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: CreateAnnouncementInput) =>
      apiRequest<Announcement>('POST', `/api/groups/${groupId}/announcements`, input),
    onSuccess: () =>
      toast(
        where === 'news'
          ? { title: t('toast.created'), description: t('toast.createdBody') }
          : { title: t('toast.posted'), description: t('toast.postedBody') },
      ),
    onError: (error) =>
      toast({
        title: where === 'news' ? t('toast.createFailed') : t('toast.postError'),
        description: errorText(
          error,
          where === 'news' ? 'announcements:toast.tryAgain' : 'announcements:toast.tryLater',
        ),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.announcements(groupId) }),
  });
}
