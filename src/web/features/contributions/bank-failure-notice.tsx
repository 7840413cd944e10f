import { useQuery } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/lib/format.ts';
import type { Contribution } from '#web/lib/group-detail.ts';
import { useAccountText } from './account-text.ts';
import { bankDebitQueries, latestDebitFor } from './bank-debits.ts';

/**
 * The bank refused the latest debit for this still-unpaid contribution: when, from which account,
 * and the bank's own reason, with a way to try again (`action`).
 */
export function BankFailureNotice(props: {
  groupId: number;
  viewerId: number;
  contribution: Contribution;
  action?: ReactNode;
}) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const accountText = useAccountText();
  const debits = useQuery(bankDebitQueries.group(props.groupId));
  const latest = latestDebitFor(debits.data?.bankDebits, props.viewerId, props.contribution.id);
  if (latest?.status !== 'failed' || props.contribution.status !== 'pending') return null;
  return (
    <div
      className="grid gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950"
      data-testid="bank-debit-failure"
    >
      <p className="flex items-center gap-2 font-semibold">
        <XCircle aria-hidden className="size-5 shrink-0 text-red-700" />
        {latest.source === 'autopay' ? t('pay.bank.autopayFailedTitle') : t('pay.bank.failedTitle')}
      </p>
      <p>
        {t('pay.bank.failedOn', {
          amount: format.money(latest.amount),
          account: accountText(latest.bankAccount),
          date: format.instant(latest.settledAt ?? latest.createdAt),
        })}
      </p>
      <p>
        {t('pay.bank.reason')}{' '}
        <bdi className="font-medium" data-testid="bank-debit-failure-reason">
          {latest.failureMessage ?? t('pay.bank.failedNoReason')}
        </bdi>
      </p>
      {props.action}
    </div>
  );
}
