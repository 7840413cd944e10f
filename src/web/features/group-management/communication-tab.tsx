import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { AnnouncementDialog } from '#web/features/announcements/announcement-dialog.tsx';
import { useCreateAnnouncement } from '#web/features/announcements/queries.ts';
import { chatQueries } from '#web/features/chat/queries.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { CommunicationMessages } from './communication-messages.tsx';
import { CommunicationSettingsCard } from './communication-settings-card.tsx';

/**
 * The Communication tab of group management: the messages with their pinned section, posting an
 * announcement (admins; members too when announcements are not admin-only, to everyone), and, for
 * admins, the communication settings.
 */
export function CommunicationTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupManagement');
  const groupId = detail.group.id;
  const { isAdmin, userId } = detail.viewer;
  const settings = useQuery(chatQueries.settings(groupId));
  const create = useCreateAnnouncement(groupId, 'management');
  const mayAnnounce = isAdmin || settings.data?.adminOnlyAnnouncements === false;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <CommunicationMessages groupId={groupId} viewer={{ userId, isAdmin }} />
      <div className="grid content-start gap-6">
        {mayAnnounce && (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Megaphone aria-hidden className="size-5 text-brand-700" />
                {t('communication.announce')}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="text-sm text-slate-600">
                {isAdmin ? t('communication.announceHint') : t('communication.announceHintMember')}
              </p>
              <div>
                <AnnouncementDialog
                  pending={create.isPending}
                  chooseAudience={isAdmin}
                  onCreate={(values) =>
                    create
                      .mutateAsync({
                        ...values,
                        audience: isAdmin ? values.audience : 'all',
                        createdBy: userId,
                      })
                      .then(
                        () => true,
                        () => false,
                      )
                  }
                />
              </div>
            </CardContent>
          </Card>
        )}
        {isAdmin && <CommunicationSettingsCard groupId={groupId} />}
      </div>
    </div>
  );
}
