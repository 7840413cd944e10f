import { useTranslation } from 'react-i18next';
import { ConfirmMoneyDialog } from '#web/components/ui/confirm-money-dialog.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { Contribution } from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';

export type PaymentAction = { kind: 'confirm' | 'cash'; contribution: Contribution };

/**
 * Admin, before Confirm or Record cash: whose payment, how much, how, for which cycle. Either one
 * posts the contribution to the circle's ledger, which no one can take back from the app.
 */
export function ConfirmPaymentDialog(props: {
  action: PaymentAction | null;
  cycle: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (action: PaymentAction) => void;
}) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const { action } = props;
  if (!action) return null;
  const c = action.contribution;
  const cash = action.kind === 'cash';
  const values = { name: c.userName, amount: format.money(c.amount), cycle: props.cycle };
  // The way the member said they paid; a contribution not reported yet has none to show.
  const method = cash ? 'cash' : c.status === 'reported' ? c.paymentMethod : null;

  return (
    <ConfirmMoneyDialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={cash ? t('confirmStep.cashTitle') : t('confirmStep.confirmTitle')}
      question={cash ? t('confirmStep.cashQuestion', values) : t('confirmStep.confirmQuestion', values)}
      rows={[
        { label: t('confirmStep.member'), value: c.userName },
        { label: t('confirmStep.cycle'), value: props.cycle },
        ...(method ? [{ label: t('confirmStep.method'), value: methodLabel(method) }] : []),
        ...(method && c.reference ? [{ label: t('confirmStep.reference'), value: c.reference }] : []),
        {
          label: t('confirmStep.amount'),
          value: format.money(c.amount),
          total: true,
          testId: 'confirm-amount',
        },
      ]}
      consequence={t('confirmStep.final', { name: c.userName })}
      submitLabel={cash ? t('payments.recordCash') : t('payments.confirm')}
      pendingLabel={t('confirmStep.saving')}
      pending={props.pending}
      onConfirm={() => props.onConfirm(action)}
      submitTestId="confirm-payment"
    />
  );
}
