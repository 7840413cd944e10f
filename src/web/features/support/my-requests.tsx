import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState } from '#web/components/ui/tab-states.tsx';
import { useFormat } from '#web/lib/format.ts';
import { Conversation } from './conversation.tsx';
import { supportKeys, supportRequests } from './support-requests.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

/** "My requests": what the signed-in reader sent through the form, with support's answers. */
export function MyRequests() {
  const { t } = useTranslation('support');
  const format = useFormat();
  const mine = useQuery({ queryKey: supportKeys.mine, queryFn: supportRequests.mine });
  const tickets = mine.data?.tickets ?? [];
  let body: ReactNode;
  if (mine.isPending) body = <Skeleton className="h-24" />;
  else if (mine.isError)
    body = (
      <p role="alert" className="text-sm text-red-700">
        {t('mine.failed')}
      </p>
    );
  else if (tickets.length === 0)
    body = (
      <EmptyState
        icon={<Inbox className="size-6" />}
        title={t('mine.emptyTitle')}
        body={t('mine.emptyBody')}
      />
    );
  else
    body = tickets.map((ticket) => (
      <details key={ticket.id} className="rounded-xl border border-slate-200 p-3">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2">
          <span dir="auto" className="min-w-0 flex-1 font-medium break-words text-slate-900">
            {ticket.subject}
          </span>
          <TicketStatusBadge status={ticket.status} />
          <span className="w-full text-xs text-slate-600">
            {t('mine.sent', { ticket: ticket.id, date: format.instant(ticket.createdAt) })}
          </span>
        </summary>
        <div className="mt-3">
          <Conversation messages={ticket.messages} senderName={ticket.name} />
        </div>
      </details>
    ));
  return (
    <Card data-testid="my-requests">
      <CardHeader>
        <CardTitle>{t('mine.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('mine.description')}</p>
      </CardHeader>
      <CardContent className="grid gap-4">{body}</CardContent>
    </Card>
  );
}
