import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/tab-states.tsx';
import { PendingActionItem } from './pending-action-item.tsx';
import type { PendingAction } from './queries.ts';
import { useApproveAction } from './use-security-actions.ts';

/** How many decided requests to keep in view under the open ones. */
const RECENT_SHOWN = 5;

/** Requests a safeguard holds back: the open ones to approve, then the latest decided. */
export function PendingActionsCard(props: { actions: PendingAction[]; groupId: number; viewerId: number }) {
  const { t } = useTranslation('security');
  const approve = useApproveAction(props.groupId);
  const open = props.actions.filter((a) => (a.status === 'pending' && a.timeRemaining > 0) || a.waiting);
  const recent = props.actions.filter((a) => !open.includes(a)).slice(0, RECENT_SHOWN);
  const item = (action: PendingAction) => (
    <PendingActionItem
      key={action.id}
      action={action}
      viewerId={props.viewerId}
      busy={approve.isPending}
      onApprove={(done) =>
        approve.mutate(
          { actionId: action.id, requiredApprovals: action.requiredApprovals },
          { onSettled: done },
        )
      }
    />
  );

  return (
    <Card data-testid="pending-actions">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListChecks aria-hidden className="size-5 shrink-0 text-brand-700" />
          {t('actions.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('actions.intro')}</p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {open.length === 0 ? (
          <EmptyState
            icon={<ListChecks aria-hidden className="size-8" />}
            title={t('actions.emptyTitle')}
            body={t('actions.emptyBody')}
            testId="no-pending-actions"
          />
        ) : (
          <ul className="grid gap-3">{open.map(item)}</ul>
        )}
        {recent.length > 0 && (
          <section className="grid gap-3" aria-labelledby="recent-actions-title">
            <h3 id="recent-actions-title" className="text-sm font-semibold text-slate-900">
              {t('actions.recent')}
            </h3>
            <ul className="grid gap-3">{recent.map(item)}</ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
