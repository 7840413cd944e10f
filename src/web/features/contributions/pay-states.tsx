import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProviderBadge } from '#web/components/ui/provider-badge.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { useFormat } from '#web/lib/format.ts';
import type { Contribution } from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';
import { useAccountText } from './account-text.ts';
import { bankDebitQueries, latestDebitFor } from './bank-debits.ts';

export function Notice({ text }: { text: string }) {
  return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">{text}</p>;
}

export function PaidState({ contribution }: { contribution: Contribution }) {
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

export function ReportedState({ contribution }: { contribution: Contribution }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const values = {
    amount: format.money(contribution.amount),
    method: methodLabel(contribution.paymentMethod),
    reference: contribution.reference ?? '',
  };
  return (
    <div className="grid gap-2 rounded-xl bg-sky-50 p-4 text-sm text-sky-950" data-testid="pay-state">
      <p className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden className="size-5 shrink-0" />
        {t('pay.waiting')}
      </p>
      <p>{contribution.reference ? t('pay.reportedWithRef', values) : t('pay.reported', values)}</p>
    </div>
  );
}

/** A bank debit is with the bank: what is being taken, from where, and that the page follows it. */
export function ProcessingState(props: { groupId: number; viewerId: number; contribution: Contribution }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const accountText = useAccountText();
  const debits = useQuery(bankDebitQueries.group(props.groupId));
  const accounts = useQuery(bankAccountQueries.list());
  const debit = latestDebitFor(debits.data?.bankDebits, props.viewerId, props.contribution.id);
  return (
    <div className="grid gap-3 rounded-xl bg-indigo-50 p-4 text-sm text-indigo-950" data-testid="pay-state">
      <p className="flex items-center gap-2 font-semibold">
        <Landmark aria-hidden className="size-5 shrink-0" />
        {t('contribution.processing')}
      </p>
      <p data-testid="processing-detail">
        {t(debit?.source === 'autopay' ? 'pay.bank.autopayCollecting' : 'pay.bank.onItsWay', {
          amount: format.money(props.contribution.amount),
          account: accountText(debit?.bankAccount),
        })}
      </p>
      {debit && (
        <p className="text-xs">{t('pay.bank.startedAt', { date: format.instant(debit.createdAt) })}</p>
      )}
      <p>{t('pay.bank.followsBank')}</p>
      {accounts.data && <ProviderBadge provider={accounts.data.provider} />}
    </div>
  );
}
