import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { payoutReceiptSchema } from '#shared/schemas/groups.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { Cycle, CyclePayout } from '#web/lib/group-detail.ts';
import { useConfirmReceipt } from './use-payout-actions.ts';

const NOTE_MAX = 500;
type Values = z.input<typeof payoutReceiptSchema>;

/** "I received a different amount": what reached the recipient, and a note for the admins. */
export function PayoutDifferenceForm(props: { cycle: Cycle & { payout: CyclePayout }; onDone: () => void }) {
  const { t } = useTranslation('payouts');
  const format = useFormat();
  const ids = useId();
  const confirm = useConfirmReceipt();
  const { payout } = props.cycle;
  const form = useForm<Values>({
    resolver: zodResolver(payoutReceiptSchema),
    defaultValues: { receivedAmount: payout.received ?? '', note: payout.receiptNote ?? '' },
  });
  const amountError = form.formState.errors.receivedAmount?.message;

  const submit = form.handleSubmit(({ receivedAmount, note }) =>
    confirm.mutate(
      { payoutId: payout.id, receivedAmount: receivedAmount.trim(), note: note?.trim() || undefined },
      { onSuccess: props.onDone },
    ),
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit} data-testid="receipt-difference-form">
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-amount`}>{t('difference.amount')}</Label>
        <Input
          id={`${ids}-amount`}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          className="max-w-48"
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${ids}-amount-error` : `${ids}-amount-hint`}
          {...form.register('receivedAmount', {
            // "$250", "250,50": people write amounts as they say them; the server takes 250.50.
            setValueAs: (value: string) => value.replace(/[$\s]/g, '').replace(',', '.'),
          })}
        />
        <p id={`${ids}-amount-hint`} className="text-xs text-slate-600">
          {t('difference.amountHint', { amount: format.money(props.cycle.payoutAmount) })}
        </p>
        <FieldError
          id={`${ids}-amount-error`}
          message={amountError && t(`common:validation.${amountError}`, t('difference.amountInvalid'))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-note`}>{t('difference.note')}</Label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          maxLength={NOTE_MAX}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:border-brand-600"
          aria-describedby={`${ids}-note-hint`}
          {...form.register('note')}
        />
        <p id={`${ids}-note-hint`} className="text-xs text-slate-600">
          {t('difference.noteHint')}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="secondary" onClick={props.onDone}>
          {t('difference.cancel')}
        </Button>
        <MoneyButton type="submit" disabled={confirm.isPending} data-testid="receipt-report-difference">
          {confirm.isPending ? t('difference.sending') : t('difference.submit')}
        </MoneyButton>
      </div>
    </form>
  );
}
