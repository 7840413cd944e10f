import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, percentOfCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { MonitoredMember } from './queries.ts';
import { useApplyPenalty } from './use-enforcement-actions.ts';

/** Apply Penalty charges the member money, so it asks first and says how much. */
export function PenaltyDialog(props: {
  groupId: number;
  member: MonitoredMember;
  contributionId: number;
  contributionAmount: string;
  penaltyPercentage: number;
}) {
  const { t } = useTranslation('paymentsMonitor');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const apply = useApplyPenalty(props.groupId);
  // The same half-up rule the server charges with.
  const cents = percentOfCents(parseAmount(props.contributionAmount) ?? 0, props.penaltyPercentage * 100);
  const values = {
    name: props.member.name,
    amount: format.money(cents),
    percent: props.penaltyPercentage,
    contribution: format.money(props.contributionAmount),
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className="text-red-800" data-testid="apply-penalty">
          <Gavel aria-hidden />
          {t('actions.applyPenalty')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {t('penalty.title', { name: props.member.name })}
          </DialogTitle>
          <DialogDescription className="text-sm text-slate-700">
            {t('penalty.body', values)}
          </DialogDescription>
        </DialogHeader>
        <p className="mb-4 text-sm text-slate-600">{t('penalty.notice')}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            {t('penalty.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={apply.isPending}
            onClick={() =>
              apply.mutate(
                { contributionId: props.contributionId, member: props.member },
                { onSettled: () => setOpen(false) },
              )
            }
          >
            {apply.isPending ? t('penalty.applying') : t('penalty.confirm', { amount: format.money(cents) })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
