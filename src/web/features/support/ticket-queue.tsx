import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TICKET_STATUSES, type SupportTicketStatus } from '#shared/schemas/support.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { supportKeys, supportRequests } from './support-requests.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

export type QueueFilter = SupportTicketStatus | 'all';
const filters: QueueFilter[] = ['all', ...SUPPORT_TICKET_STATUSES];

/** The ticket list with its status filter; choosing a ticket opens it beside (or below) the list. */
export function TicketQueue(props: {
  filter: QueueFilter;
  onFilter: (filter: QueueFilter) => void;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('support');
  const format = useFormat();
  const list = useQuery({
    queryKey: supportKeys.list(props.filter),
    queryFn: supportRequests.list(props.filter),
  });
  const tickets = list.data?.tickets ?? [];
  let body: ReactNode;
  if (list.isPending)
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{t('queue.loading')}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  else if (list.isError)
    body = (
      <TabLoadFailed message={t('queue.failed')} onRetry={() => list.refetch()} retrying={list.isFetching} />
    );
  else if (tickets.length === 0)
    body = (
      <EmptyState
        icon={<Inbox className="size-6" />}
        title={t('queue.emptyTitle')}
        body={t('queue.emptyBody')}
      />
    );
  else
    body = (
      <ul className="grid gap-2" data-testid="ticket-list">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <button
              type="button"
              onClick={() => props.onSelect(ticket.id)}
              aria-current={props.selected === ticket.id ? 'true' : undefined}
              className={cn(
                'grid w-full gap-1 rounded-xl border p-3 text-start hover:border-brand-600',
                props.selected === ticket.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
              )}
            >
              <span className="flex items-start gap-2">
                <span dir="auto" className="min-w-0 flex-1 font-medium break-words text-slate-900">
                  {ticket.subject}
                </span>
                <TicketStatusBadge status={ticket.status} />
              </span>
              <span className="text-xs break-words text-slate-600">
                {t('queue.from', {
                  ticket: ticket.id,
                  name: format.own(ticket.name),
                  date: format.instant(ticket.createdAt),
                })}
              </span>
              <span className="text-xs text-slate-600">
                {ticket.assigneeName
                  ? t('queue.assignedTo', { name: format.own(ticket.assigneeName) })
                  : t('queue.unassigned')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="grid content-start gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('queue.filter')}</legend>
        {filters.map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={props.filter === filter ? 'primary' : 'secondary'}
            aria-pressed={props.filter === filter}
            onClick={() => props.onFilter(filter)}
            data-testid={`filter-${filter}`}
          >
            {filter === 'all' ? t('queue.all') : t(`status.${filter}`)}
          </Button>
        ))}
      </fieldset>
      {body}
      {list.data && list.data.total > tickets.length && (
        <p className="text-xs text-slate-600">
          {t('queue.showing', {
            shown: format.number(tickets.length),
            total: format.number(list.data.total),
          })}
        </p>
      )}
    </div>
  );
}
