import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Announcement, CreateAnnouncementInput } from '#shared/schemas/chat.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

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
  return useActionMutation({
    mutationFn: (input: CreateAnnouncementInput) =>
      apiRequest<Announcement>('POST', `/api/groups/${groupId}/announcements`, input),
    success: () =>
      where === 'news'
        ? { title: t('toast.created'), description: t('toast.createdBody') }
        : { title: t('toast.posted'), description: t('toast.postedBody') },
    failure: {
      title: where === 'news' ? t('toast.createFailed') : t('toast.postError'),
      fallbackKey: where === 'news' ? 'announcements:toast.tryAgain' : 'announcements:toast.tryLater',
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.announcements(groupId) }),
  });
}
