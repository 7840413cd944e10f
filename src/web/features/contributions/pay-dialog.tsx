import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { type GroupDetail, viewerContribution } from '#web/lib/group-detail.ts';
import { Notice, PaidState, ProcessingState, ReportedState } from './pay-states.tsx';
import { useBankDebitWatch } from './use-bank-debit-watch.ts';

// The ways to pay (their forms and validation) load when a member opens the dialog to pay.
const PayChoices = lazy(() => import('./pay-choices.tsx').then((m) => ({ default: m.PayChoices })));

/** Make Contribution: the member's own contribution for the cycle being collected, its state and ways to pay. */
export function PayDialog(props: {
  detail: GroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('groupPage');
  const { group, viewer } = props.detail;
  const mine = group.status === 'active' ? viewerContribution(props.detail) : undefined;
  // Mounted with the page, so a bank payment landing refreshes it whether or not the dialog is open.
  useBankDebitWatch(group.id, viewer.userId, {
    enabled: group.status === 'active',
    keepPolling: mine?.status === 'processing',
  });
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('pay.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">
            {group.status === 'active'
              ? t('pay.subtitle', { cycle: group.currentCycle, name: group.name })
              : group.name}
          </DialogDescription>
        </DialogHeader>
        {/* The ways to pay and the bank account words load on first opening without blanking the page. */}
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          {group.status === 'recruiting' && <Notice text={t('pay.notStarted')} />}
          {group.status === 'completed' && <Notice text={t('pay.completed')} />}
          {group.status === 'active' && !mine && <Notice text={t('pay.nothingDue')} />}
          {mine?.status === 'paid' && <PaidState contribution={mine} />}
          {mine?.status === 'reported' && <ReportedState contribution={mine} />}
          {mine?.status === 'processing' && (
            <ProcessingState groupId={group.id} viewerId={viewer.userId} contribution={mine} />
          )}
          {mine?.status === 'pending' && (
            <PayChoices detail={props.detail} contribution={mine} onDone={() => props.onOpenChange(false)} />
          )}
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
