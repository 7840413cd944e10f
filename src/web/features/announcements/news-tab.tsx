import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { AnnouncementList } from './announcement-list.tsx';
import { announcementQueries, useCreateAnnouncement } from './queries.ts';

/** The group page's News tab: the circle's announcements; admins post new ones. */
export function NewsTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('announcements');
  const errorText = useErrorText();
  const groupId = detail.group.id;
  const list = useQuery(announcementQueries.list(groupId));
  const create = useCreateAnnouncement(groupId, 'news');
  const { isAdmin, userId } = detail.viewer;

  if (list.isPending) return <TabSkeleton label={t('loading')} cards={1} />;
  if (list.isError)
    return (
      <TabLoadFailed
        message={t('loadFailed')}
        detail={errorText(list.error, 'announcements:loadFailed')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  return (
    <AnnouncementList
      announcements={list.data}
      isAdmin={isAdmin}
      action={
        isAdmin && (
          <AnnouncementDialog
            pending={create.isPending}
            onCreate={(values) =>
              create.mutateAsync({ ...values, createdBy: userId }).then(
                () => true,
                () => false,
              )
            }
          />
        )
      }
    />
  );
}
