import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS, type SupportTicket, type SupportTicketStatus } from '#shared/schemas/support.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { textareaClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { useFormat } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { Conversation } from './conversation.tsx';
import { supportKeys, supportRequests } from './support-requests.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

/** Where each status can go: Open → In Progress → Resolved, and reopening. */
const nextStatuses: Record<SupportTicketStatus, SupportTicketStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved', 'open'],
  resolved: ['open'],
};

/** After a change: the ticket as the server now has it, and the lists and figures fetched again. */
function afterChange(ticket: SupportTicket) {
  queryClient.setQueryData(supportKeys.ticket(ticket.id), { ticket });
  void queryClient.invalidateQueries({
    queryKey: supportKeys.all,
    predicate: (q) => q.queryKey[2] !== 'ticket',
  });
}

/** One ticket: who sent it, the conversation, assign and status buttons, and the answer box. */
export function TicketDetail({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  const errorText = useErrorText();
  const { user } = useCurrentUser();
  const [answer, setAnswer] = useState('');
  const query = useQuery({
    queryKey: supportKeys.ticket(ticketId),
    queryFn: supportRequests.ticket(ticketId),
  });
  const assign = useActionMutation({
    mutationFn: () => supportRequests.assign(ticketId),
    success: () => ({ title: t('detail.assigned') }),
    onSuccess: ({ ticket }) => afterChange(ticket),
    failure: { title: t('detail.failed'), fallbackKey: 'support:detail.failed' },
  });
  const move = useActionMutation({
    mutationFn: (status: SupportTicketStatus) => supportRequests.setStatus(ticketId, status),
    success: ({ ticket }) => ({ title: t('detail.moved', { status: t(`status.${ticket.status}`) }) }),
    onSuccess: ({ ticket }) => afterChange(ticket),
    failure: { title: t('detail.failed'), fallbackKey: 'support:detail.failed' },
  });
  const reply = useActionMutation({
    mutationFn: (body: string) => supportRequests.answer(ticketId, body),
    success: ({ ticket }) => ({
      title: t('detail.answered'),
      description: t('detail.answeredBody', { email: ticket.email }),
    }),
    failure: { shownOnScreen: 'the reason under the answer box' },
    onSuccess: ({ ticket }) => {
      afterChange(ticket);
      setAnswer('');
    },
  });

  if (query.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t('detail.loading')}</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40" />
      </div>
    );
  if (query.isError || !query.data)
    return (
      <TabLoadFailed
        message={t('detail.loadFailed')}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { ticket } = query.data;
  const mine = user !== null && user !== undefined && ticket.assigneeId === user.id;
  const busy = assign.isPending || move.isPending;

  return (
    <Card data-testid="ticket-detail">
      <CardHeader>
        <div className="flex flex-wrap items-start gap-2">
          <CardTitle dir="auto" className="min-w-0 flex-1 break-words">
            {ticket.subject}
          </CardTitle>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-sm break-words text-slate-600">
          {t('detail.from', {
            ticket: ticket.id,
            name: format.own(ticket.name),
            email: format.ltr(ticket.email),
          })}
          {' · '}
          {ticket.fromMember ? t('detail.member') : t('detail.visitor')}
        </p>
        <p className="text-sm text-slate-600">
          {ticket.assigneeName
            ? t('queue.assignedTo', { name: format.own(ticket.assigneeName) })
            : t('queue.unassigned')}
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap gap-2">
          {!mine && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => assign.mutate()}>
              {assign.isPending ? t('detail.assigning') : t('detail.assignToMe')}
            </Button>
          )}
          {nextStatuses[ticket.status].map((status) => (
            <Button
              key={status}
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => move.mutate(status)}
              data-testid={`move-${status}`}
            >
              {move.isPending && move.variables === status
                ? t('detail.moving')
                : t(`detail.moveTo.${status}`)}
            </Button>
          ))}
        </div>
        <Conversation messages={ticket.messages} senderName={ticket.name} />
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (answer.trim() && !reply.isPending) reply.mutate(answer);
          }}
        >
          <Label htmlFor="ticket-answer">{t('detail.answerLabel')}</Label>
          <textarea
            id="ticket-answer"
            className={`${textareaClass} min-h-32`}
            maxLength={CONTACT_LIMITS.message}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <p className="text-xs text-slate-600">{t('detail.answerHint')}</p>
          {reply.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(reply.error, 'support:detail.answerFailed')}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={reply.isPending || !answer.trim()}>
            {reply.isPending ? t('detail.sending') : t('detail.send')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
