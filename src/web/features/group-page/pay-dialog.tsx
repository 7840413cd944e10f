import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addDays } from '#shared/calendar.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { useFormat } from './format.ts';
import { useMethodLabel } from './payment-method.ts';
import {
  type Contribution,
  currentCycleOf,
  type GroupDetail,
  paymentMethods,
  viewerContribution,
} from './queries.ts';
import { useReportPayment } from './use-group-actions.ts';

const REFERENCE_MAX = 120;
const paySchema = z.object({
  method: z.enum(['cash', 'bank_transfer', 'mobile_money', 'check', 'other']),
  reference: z.string().trim().max(REFERENCE_MAX, { error: 'referenceMax' }),
});
type PayValues = z.infer<typeof paySchema>;

/** "I paid": the member's own contribution for the cycle being collected, and its state. */
export function PayDialog(props: {
  detail: GroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('groupPage');
  const { group } = props.detail;
  const mine = group.status === 'active' ? viewerContribution(props.detail) : undefined;
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
        {group.status === 'recruiting' && <Notice text={t('pay.notStarted')} />}
        {group.status === 'completed' && <Notice text={t('pay.completed')} />}
        {group.status === 'active' && !mine && <Notice text={t('pay.nothingDue')} />}
        {mine?.status === 'paid' && <PaidState contribution={mine} />}
        {mine?.status === 'reported' && <ReportedState contribution={mine} />}
        {mine?.status === 'pending' && (
          <PayForm detail={props.detail} contribution={mine} onDone={() => props.onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Notice({ text }: { text: string }) {
  return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">{text}</p>;
}

function PaidState({ contribution }: { contribution: Contribution }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  return (
    <div className="grid gap-2 rounded-xl bg-green-50 p-4 text-sm text-green-900" data-testid="pay-state">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden className="size-5 shrink-0" />
        {t('pay.paidOn', { date: contribution.paidAt ? format.instant(contribution.paidAt) : '' })}
      </p>
      <p>{t('pay.paidAmount', { amount: format.money(contribution.amount) })}</p>
      {contribution.late && (
        <p className="text-red-800">
          {contribution.penaltyStatus === 'owed'
            ? t('pay.lateWithPenalty', { amount: format.money(contribution.penalty) })
            : t('pay.late')}
        </p>
      )}
    </div>
  );
}

function ReportedState({ contribution }: { contribution: Contribution }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  return (
    <div className="grid gap-2 rounded-xl bg-sky-50 p-4 text-sm text-sky-950" data-testid="pay-state">
      <p className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden className="size-5 shrink-0" />
        {t('pay.waiting')}
      </p>
      <p>
        {contribution.reference
          ? t('pay.reportedWithRef', {
              amount: format.money(contribution.amount),
              method: methodLabel(contribution.paymentMethod),
              reference: contribution.reference,
            })
          : t('pay.reported', {
              amount: format.money(contribution.amount),
              method: methodLabel(contribution.paymentMethod),
            })}
      </p>
    </div>
  );
}

function PayForm(props: { detail: GroupDetail; contribution: Contribution; onDone: () => void }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const report = useReportPayment(props.detail.group.id);
  const form = useForm<PayValues>({
    resolver: zodResolver(paySchema),
    defaultValues: { method: 'cash', reference: '' },
  });
  const { group } = props.detail;
  const c = props.contribution;
  const cycle = currentCycleOf(props.detail);
  const recipientIsViewer = cycle?.recipientId === props.detail.viewer.userId;
  const referenceError = form.formState.errors.reference?.message;

  const submit = form.handleSubmit(({ method, reference }) =>
    report.mutate({ method, reference: reference || undefined }, { onSuccess: props.onDone }),
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-brand-50 p-4">
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('pay.amountDue')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="amount-due">
            {format.money(c.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('pay.dueDate')}</dt>
          <dd className="text-base font-semibold text-slate-900">{format.day(c.dueDate)}</dd>
        </div>
      </dl>
      <div className="grid gap-1 text-sm text-slate-700">
        {recipientIsViewer && <p>{t('pay.recipientYou')}</p>}
        {cycle?.recipientName && !recipientIsViewer && (
          <p>{t('pay.recipient', { name: cycle.recipientName })}</p>
        )}
        <p>{t('pay.offApp')}</p>
        {group.penaltyPercentage > 0 && (
          <p>
            {t('pay.lateRule', {
              date: format.day(addDays(c.dueDate, group.gracePeriodDays)),
              percent: group.penaltyPercentage,
            })}
          </p>
        )}
      </div>
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
      <Button type="submit" size="lg" disabled={report.isPending} data-testid="report-payment">
        {report.isPending ? t('pay.submitting') : t('pay.submit', { amount: format.money(c.amount) })}
      </Button>
    </form>
  );
}
