import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { isolate, useFormat } from '#web/lib/format.ts';
import type { MyApplicationRow } from './application-queries.ts';
import { useWithdrawApplication } from './use-application-mutations.ts';

/** The applicant's request while it waits for the admins, with the way to take it back. */
export function PendingRequest({ application }: { application: MyApplicationRow }) {
  const { t } = useTranslation('applications');
  const format = useFormat();
  const withdraw = useWithdrawApplication();
  return (
    <div
      className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
      data-testid="request-pending"
    >
      <p className="flex items-center gap-2 font-medium text-amber-950">
        <Clock aria-hidden className="size-4 shrink-0" />
        {t('join.pendingTitle')}
      </p>
      <p className="text-sm text-amber-950">
        {t('join.pendingBody', { date: format.instantDay(application.appliedDate) })}
      </p>
      <Button
        variant="secondary"
        className="justify-self-start"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate(application)}
      >
        {withdraw.isPending ? t('join.withdrawing') : t('join.withdraw')}
      </Button>
    </div>
  );
}

/** The admins said no last time: their reason, before the form to ask again. */
export function DeclinedRequest({ application }: { application: MyApplicationRow }) {
  const { t } = useTranslation('applications');
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800" role="status">
      <p className="font-medium text-slate-900">{t('join.declinedTitle')}</p>
      {application.decisionReason && (
        <p className="mt-1 break-words">
          {t('join.declinedReason', { reason: isolate(application.decisionReason) })}
        </p>
      )}
      <p className="mt-1 text-slate-600">{t('join.declinedAgain')}</p>
    </div>
  );
}
