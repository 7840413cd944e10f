import { Banknote, Snowflake } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { useFormat } from '#web/lib/format.ts';
import {
  type Cycle,
  type GroupDetail,
  type PaymentMethod,
  type PayoutDelivery,
  paymentMethods,
} from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';
import { PayoutDeliveryChoice } from './payout-delivery-choice.tsx';
import { useProcessPayout } from './use-payout-actions.ts';

const REFERENCE_MAX = 120;

/**
 * Admin: confirm, then release the cycle's pool to its recipient: into their wallet (net of the fee),
 * or handed over outside the app (the whole pool, no fee; the recipient then confirms what reached them).
 */
export function ProcessPayoutDialog({ detail, cycle }: { detail: GroupDetail; cycle: Cycle }) {
  const { t } = useTranslation('groupPage');
  const { t: tp } = useTranslation('payouts');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [delivery, setDelivery] = useState<PayoutDelivery>('wallet');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const payout = useProcessPayout(detail.group.id);
  const unpaid = detail.currentCycle.memberCount - detail.currentCycle.paidCount;
  const offApp = delivery === 'off_app';
  const name = cycle.recipientName;
  const pool = detail.currentCycle.pool;
  const toRecipient = offApp ? pool : cycle.payoutAmount;

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the default, so a past choice is never sent by accident.
    if (next) {
      setDelivery('wallet');
      setMethod('cash');
      setReference('');
    }
    setOpen(next);
  };

  const process = () =>
    payout.mutate(
      offApp
        ? { cycleNumber: cycle.cycleNumber, delivery, method, reference: reference.trim() || undefined }
        : { cycleNumber: cycle.cycleNumber, delivery: 'wallet' },
      { onSettled: () => setOpen(false) },
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <MoneyButton data-testid="process-payout">
          <Banknote aria-hidden />
          {t('rotation.processPayout')}
        </MoneyButton>
      }
      title={t('payout.title')}
      description={
        offApp
          ? tp('dialog.questionOffApp', { amount: format.money(pool), name, cycle: cycle.cycleNumber })
          : t('payout.question', { amount: format.money(cycle.payoutAmount), name, cycle: cycle.cycleNumber })
      }
      cancelLabel={t('payout.cancel')}
      submitLabel={offApp ? tp('dialog.submitOffApp') : t('rotation.processPayout')}
      pendingLabel={t('payout.processing')}
      pending={payout.isPending}
      onSubmit={process}
      submitTestId="confirm-payout"
    >
      <PayoutDeliveryChoice
        name={name}
        value={delivery}
        onChange={setDelivery}
        allowed={detail.currentCycle.payoutDeliveries}
      />

      {offApp && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 sm:items-start">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-method`}>{tp('dialog.method')}</Label>
            <select
              id={`${ids}-method`}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            >
              {paymentMethods.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-reference`}>{tp('dialog.reference')}</Label>
            <Input
              id={`${ids}-reference`}
              value={reference}
              maxLength={REFERENCE_MAX}
              autoComplete="off"
              aria-describedby={`${ids}-reference-hint`}
              onChange={(event) => setReference(event.target.value)}
            />
            <p id={`${ids}-reference-hint`} className="text-xs text-slate-600">
              {tp('dialog.referenceHint')}
            </p>
          </div>
        </div>
      )}

      <dl className="mt-4 grid gap-2 rounded-xl bg-slate-50 p-4 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('payout.pool')}</dt>
          <dd className="font-medium text-slate-900">{format.money(pool)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('payout.fee')}</dt>
          <dd className="font-medium text-slate-900" data-testid="payout-fee">
            {offApp ? tp('dialog.noFee') : format.money(cycle.fee)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2">
          <dt className="font-medium text-slate-800">
            {offApp ? tp('dialog.handOverTo', { name }) : t('payout.toRecipient', { name })}
          </dt>
          <dd className="font-bold text-slate-900" data-testid="payout-net">
            {format.money(toRecipient)}
          </dd>
        </div>
      </dl>
      {unpaid > 0 && (
        <p className="mt-3 text-sm text-amber-900">{t('payout.reserveCovers', { count: unpaid })}</p>
      )}
      {offApp && (
        <p className="mt-3 text-sm text-slate-700" data-testid="payout-receipt-note">
          {tp('dialog.recipientConfirms', { name })}
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">{offApp ? tp('dialog.finalOffApp') : t('payout.final')}</p>
    </FormDialog>
  );
}

/** Instead of Process Payout: why it is not offered now; while frozen, that is the reason above all. */
export function PayoutUnavailableNote({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  if (!detail.group.frozen) return <p className="text-sm text-slate-600">{t('rotation.payoutNotReady')}</p>;
  return (
    <p className="flex items-start gap-2 text-sm text-sky-950" data-testid="payout-frozen">
      <Snowflake aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-800" />
      {t('payouts:frozenPayout')}
    </p>
  );
}
