import { AlertOctagon, AlertTriangle, Bell, Info, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '#shared/schemas/chat.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { relativeTime } from './relative-time.ts';

const look = {
  urgent: { Icon: AlertOctagon, box: 'border-red-300 bg-red-50', badge: 'bg-red-100 text-red-800' },
  high: { Icon: AlertTriangle, box: 'border-amber-300 bg-amber-50', badge: 'bg-amber-100 text-amber-900' },
  normal: { Icon: Bell, box: 'border-slate-200 bg-white', badge: 'bg-brand-100 text-brand-800' },
  low: { Icon: Info, box: 'border-slate-200 bg-white', badge: 'bg-slate-100 text-slate-700' },
} as const;

/** One announcement: priority icon and badge, title, content, when, 'By' whom; urgent and high stand out. */
export function AnnouncementItem({ announcement }: { announcement: Announcement }) {
  const { t, i18n } = useTranslation('announcements');
  const { Icon, box, badge } = look[announcement.priority];
  return (
    <li
      className={cn('grid gap-2 rounded-xl border p-4', box)}
      data-testid="announcement"
      data-priority={announcement.priority}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden className="size-4 shrink-0 text-slate-700" />
        <h3 className="min-w-0 flex-1 break-words font-semibold text-slate-900" dir="auto">
          {announcement.title}
        </h3>
        <Badge className={badge}>{t(`priority.${announcement.priority}`)}</Badge>
        {announcement.audience !== 'all' && (
          <Badge className="bg-slate-100 text-slate-700">
            <Users aria-hidden className="size-3" />
            {t(`audienceShort.${announcement.audience}`)}
          </Badge>
        )}
      </div>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-800" dir="auto">
        {announcement.content}
      </p>
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
        <time dateTime={announcement.createdAt}>{relativeTime(announcement.createdAt, i18n.language)}</time>
        <span>
          {t('by')} <bdi>{announcement.createdByUser.fullName}</bdi>
        </span>
      </p>
    </li>
  );
}
