import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { percentOfCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
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
  const cents = percentOfCents(toCents(props.contributionAmount), props.penaltyPercentage * 100);
  const values = {
    name: props.member.name,
    amount: format.money(cents),
    percent: props.penaltyPercentage,
    contribution: format.money(props.contributionAmount),
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      trigger={
        <Button variant="secondary" size="sm" className="text-red-800" data-testid="apply-penalty">
          <Gavel aria-hidden />
          {t('actions.applyPenalty')}
        </Button>
      }
      title={t('penalty.title', { name: props.member.name })}
      description={t('penalty.body', values)}
      cancelLabel={t('penalty.cancel')}
      submitLabel={t('penalty.confirm', { amount: format.money(cents) })}
      pendingLabel={t('penalty.applying')}
      pending={apply.isPending}
      onSubmit={() =>
        apply.mutate(
          { contributionId: props.contributionId, member: props.member },
          { onSettled: () => setOpen(false) },
        )
      }
      destructive
    >
      <p className="text-sm text-slate-600">{t('penalty.notice')}</p>
    </FormDialog>
  );
}
