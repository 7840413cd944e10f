import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { useFormat } from '#web/lib/format.ts';
import { type Contribution, paymentMethods } from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';
import { useReportPayment } from './use-contribution-actions.ts';

const REFERENCE_MAX = 120;
const paySchema = z.object({
  method: z.enum(['cash', 'bank_transfer', 'mobile_money', 'check', 'other']),
  reference: z.string().trim().max(REFERENCE_MAX, { error: 'referenceMax' }),
});
type PayValues = z.infer<typeof paySchema>;

/** "I paid": records a payment made outside the app (cash, a transfer…); an admin confirms it. */
export function OffAppForm(props: { groupId: number; contribution: Contribution; onDone: () => void }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const report = useReportPayment(props.groupId);
  const form = useForm<PayValues>({
    resolver: zodResolver(paySchema),
    defaultValues: { method: 'cash', reference: '' },
  });
  const referenceError = form.formState.errors.reference?.message;
  // mutateAsync, not mutate's onSuccess: the refetched group turns this form into the "reported" view,
  // and a callback given to mutate() is dropped once its component has unmounted.
  const submit = form.handleSubmit(({ method, reference }) =>
    report.mutateAsync({ method, reference: reference || undefined }).then(props.onDone, () => {}),
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <p className="text-sm text-slate-700">{t('pay.offApp')}</p>
      <div className="grid gap-1.5">
        <Label htmlFor="pay-method">{t('pay.method')}</Label>
        <select
          id="pay-method"
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
          {...form.register('method')}
        >
          {paymentMethods.map((method) => (
            <option key={method} value={method}>
              {methodLabel(method)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="pay-reference">{t('pay.reference')}</Label>
        <Input
          id="pay-reference"
          maxLength={REFERENCE_MAX}
          autoComplete="off"
          aria-invalid={referenceError ? true : undefined}
          aria-describedby={referenceError ? 'pay-reference-error' : 'pay-reference-hint'}
          {...form.register('reference')}
        />
        <p id="pay-reference-hint" className="text-xs text-slate-600">
          {t('pay.referenceHint')}
        </p>
        <FieldError id="pay-reference-error" message={referenceError && t(`pay.errors.${referenceError}`)} />
      </div>
      <MoneyButton type="submit" size="lg" disabled={report.isPending} data-testid="report-payment">
        {report.isPending
          ? t('pay.submitting')
          : t('pay.submit', { amount: format.money(props.contribution.amount) })}
      </MoneyButton>
    </form>
  );
}
