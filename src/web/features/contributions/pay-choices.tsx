import { useQuery } from '@tanstack/react-query';
import { Landmark, NotebookPen } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '#shared/calendar.ts';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { useFormat } from '#web/lib/format.ts';
import { type Contribution, currentCycleOf, type GroupDetail } from '#web/lib/group-detail.ts';
import { BankFailureNotice } from './bank-failure-notice.tsx';
import { ConnectBankHint } from './connect-bank-hint.tsx';
import { OffAppForm } from './off-app-form.tsx';
import { PayByBankForm } from './pay-by-bank-form.tsx';

type Way = 'bank' | 'off_app';

/**
 * An unpaid contribution: what is due, then the ways to pay it. "Pay from my bank account" comes
 * first (and is chosen) when the person has a verified account; recording an off-app payment stays.
 */
export function PayChoices(props: { detail: GroupDetail; contribution: Contribution; onDone: () => void }) {
  const { t } = useTranslation('groupPage');
  const { group, viewer } = props.detail;
  // Accounts verified in another tab since count at once.
  const accounts = useQuery({ ...bankAccountQueries.list(), staleTime: 0 });
  const all = accounts.data?.bankAccounts ?? [];
  const verified = all.filter((a) => a.status === 'verified');
  const [picked, setPicked] = useState<Way | null>(null);
  const way: Way = verified.length === 0 ? 'off_app' : (picked ?? 'bank');

  return (
    <div className="grid gap-4">
      <AmountDue detail={props.detail} contribution={props.contribution} />
      <BankFailureNotice groupId={group.id} viewerId={viewer.userId} contribution={props.contribution} />
      {accounts.isPending && <Skeleton className="h-24 w-full" />}
      {accounts.isSuccess && verified.length === 0 && <ConnectBankHint unverified={all.length > 0} />}
      {verified.length > 0 && (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('pay.choice.legend')}</legend>
          <WayOption checked={way === 'bank'} onSelect={() => setPicked('bank')} testId="way-bank">
            <Landmark aria-hidden className="size-4 shrink-0 text-brand-700" />
            {t('pay.choice.bank')}
          </WayOption>
          <WayOption checked={way === 'off_app'} onSelect={() => setPicked('off_app')} testId="way-off-app">
            <NotebookPen aria-hidden className="size-4 shrink-0 text-brand-700" />
            {t('pay.choice.offApp')}
          </WayOption>
        </fieldset>
      )}
      {way === 'bank' && accounts.data ? (
        <PayByBankForm
          groupId={group.id}
          contribution={props.contribution}
          accounts={verified}
          provider={accounts.data.provider}
        />
      ) : (
        !accounts.isPending && (
          <OffAppForm groupId={group.id} contribution={props.contribution} onDone={props.onDone} />
        )
      )}
    </div>
  );
}

function WayOption(props: { checked: boolean; onSelect: () => void; testId: string; children: ReactNode }) {
  return (
    <label
      className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 p-3 text-sm font-medium text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
      data-testid={props.testId}
    >
      <input
        type="radio"
        name="pay-way"
        className="size-4 shrink-0 accent-brand-700"
        checked={props.checked}
        onChange={props.onSelect}
      />
      {props.children}
    </label>
  );
}

/** Amount and due date, who receives this cycle's pool, and when lateness starts. */
function AmountDue({ detail, contribution: c }: { detail: GroupDetail; contribution: Contribution }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const { group } = detail;
  const cycle = currentCycleOf(detail);
  const recipientIsViewer = cycle?.recipientId === detail.viewer.userId;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-brand-50 p-4">
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('pay.amountDue')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="amount-due">
            <MoneyText amount={c.amount} />
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
        {c.overdue && <p className="font-medium text-red-800">{t('pay.overdueNow')}</p>}
        {c.penaltyStatus === 'owed' ? (
          <p className="font-medium text-red-800">
            {t('pay.penaltyCharged', { amount: format.money(c.penalty) })}
          </p>
        ) : (
          group.penaltyPercentage > 0 && (
            <p>
              {t('pay.lateRule', {
                date: format.day(addDays(c.dueDate, group.gracePeriodDays)),
                percent: group.penaltyPercentage,
              })}
            </p>
          )
        )}
      </div>
    </>
  );
}
