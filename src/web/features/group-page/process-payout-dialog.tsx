import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { useFormat } from './format.ts';
import type { Cycle, GroupDetail } from './queries.ts';
import { useProcessPayout } from './use-group-actions.ts';

/** Admin: confirm, then release the cycle's pool (net of the fee) to its recipient. */
export function ProcessPayoutDialog({ detail, cycle }: { detail: GroupDetail; cycle: Cycle }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const payout = useProcessPayout(detail.group.id);
  const unpaid = detail.currentCycle.memberCount - detail.currentCycle.paidCount;

  const process = () => payout.mutate(cycle.cycleNumber, { onSettled: () => setOpen(false) });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button data-testid="process-payout">
          <Banknote aria-hidden />
          {t('rotation.processPayout')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('payout.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-700">
            {t('payout.question', {
              amount: format.money(cycle.payoutAmount),
              name: cycle.recipientName,
              cycle: cycle.cycleNumber,
            })}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('payout.pool')}</dt>
            <dd className="font-medium text-slate-900">{format.money(detail.currentCycle.pool)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('payout.fee')}</dt>
            <dd className="font-medium text-slate-900">{format.money(cycle.fee)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2">
            <dt className="font-medium text-slate-800">
              {t('payout.toRecipient', { name: cycle.recipientName })}
            </dt>
            <dd className="font-bold text-slate-900" data-testid="payout-net">
              {format.money(cycle.payoutAmount)}
            </dd>
          </div>
        </dl>
        {unpaid > 0 && (
          <p className="mt-3 text-sm text-amber-900">{t('payout.reserveCovers', { count: unpaid })}</p>
        )}
        <p className="mt-3 text-sm text-slate-600">{t('payout.final')}</p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('payout.cancel')}</Button>
          </DialogClose>
          <Button onClick={process} disabled={payout.isPending} data-testid="confirm-payout">
            {payout.isPending ? t('payout.processing') : t('rotation.processPayout')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
