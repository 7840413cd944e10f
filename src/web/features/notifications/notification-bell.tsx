import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { apiRequest } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { notificationHref } from './notification-href.ts';
import { type AppNotification, notificationQueries } from './queries.ts';

function useNotificationText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (n: AppNotification) => {
    const money = (value: unknown) => (typeof value === 'string' ? format.money(value) : '');
    const dueDate = typeof n.data.dueDate === 'string' ? format.day(n.data.dueDate) : '';
    return t(`notifications.types.${n.type}`, {
      ...n.data,
      amount: money(n.data.amount),
      // What the recipient of a disputed off-app payout says reached them.
      received: money(n.data.received),
      // The sandbox's micro-deposit "bank statement".
      amount1: money(n.data.amount1),
      amount2: money(n.data.amount2),
      dueDate,
      defaultValue: t('notifications.generic'),
    });
  };
}

/** The bell in the signed-in header: unread count, the latest notifications, marked read on opening. */
export function NotificationBell() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const inbox = useQuery(notificationQueries.inbox());
  const text = useNotificationText();
  const markAllRead = useActionMutation({
    mutationFn: () => apiRequest('POST', '/api/notifications/read-all'),
    // Sent by itself when the bell opens, not by a click: the unread marks are the feedback.
    success: { shownOnScreen: 'every notification loses its unread mark' },
    failure: { shownOnScreen: 'the unread marks stay until the bell opens again' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.inbox().queryKey }),
  });
  const unread = inbox.data?.unreadCount ?? 0;
  const items = inbox.data?.notifications ?? [];

  return (
    <DropdownMenu.Root onOpenChange={(open) => !open && unread > 0 && markAllRead.mutate()}>
      <DropdownMenu.Trigger
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        aria-label={unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.open')}
        data-testid="notification-bell"
      >
        <Bell className="size-5" />
        {unread > 0 && (
          <span className="absolute end-1 top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[70vh] w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">
            {t('notifications.title')}
          </DropdownMenu.Label>
          {items.length === 0 && (
            <p className="px-3 pb-3 text-sm text-slate-600">{t('notifications.empty')}</p>
          )}
          {items.map((n) => (
            <DropdownMenu.Item key={n.id} asChild>
              <Link
                href={notificationHref(n)}
                className={cn(
                  'block rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100',
                  !n.read && 'bg-brand-50',
                )}
              >
                <span className="block text-slate-900">{text(n)}</span>
                <span className="block text-xs text-slate-500">{format.instant(n.createdAt)}</span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
