import { Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '#shared/schemas/chat.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/tab-states.tsx';
import { useFormat } from '#web/lib/format.ts';
import { AnnouncementItem } from './announcement-item.tsx';

/** The announcements card, whatever feeds it: count badge, the list newest first, the spec's empty states. */
export function AnnouncementList(props: {
  announcements: Announcement[];
  isAdmin: boolean;
  action?: ReactNode;
}) {
  const { t } = useTranslation('announcements');
  const format = useFormat();
  const sorted = [...props.announcements].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  );
  return (
    <Card data-testid="announcements">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Megaphone aria-hidden className="size-5 text-brand-700" />
          {t('title')}
          <Badge data-testid="announcement-count">{format.number(sorted.length)}</Badge>
        </CardTitle>
        {props.action}
      </CardHeader>
      <CardContent>
        {sorted.length === 0 ? (
          <EmptyState
            icon={<Megaphone aria-hidden className="size-6" />}
            title={t('empty')}
            body={props.isAdmin ? t('emptyAdmin') : t('emptyMember')}
            testId="announcements-empty"
          />
        ) : (
          <ul className="grid gap-3">
            {sorted.map((a) => (
              <AnnouncementItem key={a.id} announcement={a} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
