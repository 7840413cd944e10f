import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/lib/format.ts';
import { useUnreadCount } from './unread.ts';

/** A red count of unread chat messages in a circle; nothing when all are read. */
export function UnreadBadge({ groupId, className }: { groupId: number; className?: string }) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  const count = useUnreadCount(groupId);
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-bold leading-5 text-white ${className ?? ''}`}
      data-testid={`unread-${groupId}`}
    >
      <span aria-hidden>{count > 99 ? `${format.number(99)}+` : format.number(count)}</span>
      <span className="sr-only">{t('unread', { count })}</span>
    </span>
  );
}
