import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Check, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApplicationsReply, PendingApplicant } from '#shared/schemas/applications.ts';
import { levelOfScore } from '#shared/verification.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useApproveApplication } from './applications-actions.ts';
import { ApplicationsPaymentRecord } from './applications-payment-record.tsx';
import { applicationsQueries } from './applications-queries.ts';
import { RejectApplicationDialog } from './applications-reject-dialog.tsx';

/** Admin, while the circle recruits and reviews members: the requests to join, each approved or rejected here. */
export function ApplicationsCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation('applications');
  const query = useQuery(applicationsQueries.pending(groupId));
  const applications = query.data?.applications ?? [];
  return (
    <Card data-testid="applications-card">
      <CardHeader>
        <CardTitle>{t('card.title')}</CardTitle>
        {applications.length > 0 && (
          <p className="text-sm text-slate-600">{t('card.waiting', { count: applications.length })}</p>
        )}
      </CardHeader>
      <CardContent>
        <ApplicationsList query={query} />
      </CardContent>
    </Card>
  );
}

function ApplicationsList({ query }: { query: UseQueryResult<ApplicationsReply> }) {
  const { t } = useTranslation('applications');
  if (query.isPending) return <Skeleton className="h-32 rounded-xl" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('card.loadFailed')}
      </p>
    );
  if (query.data.applications.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center text-slate-600">
        <Inbox aria-hidden className="size-8 text-slate-300" />
        <p>{t('card.empty')}</p>
      </div>
    );
  return (
    <ul className="grid gap-4">
      {query.data.applications.map((applicant) => (
        <ApplicantItem key={applicant.id} applicant={applicant} />
      ))}
    </ul>
  );
}

/** Spec 001 §5: 700 and above green, 650–699 yellow, below 650 red. */
function creditClass(score: number) {
  if (score >= 700) return 'bg-brand-100 text-brand-900';
  if (score >= 650) return 'bg-amber-100 text-amber-900';
  return 'bg-red-100 text-red-900';
}

const trustClass = {
  high: 'bg-brand-100 text-brand-900',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-red-100 text-red-900',
} as const;

function ApplicantItem({ applicant }: { applicant: PendingApplicant }) {
  const { t } = useTranslation('applications');
  const format = useFormat();
  const approve = useApproveApplication();
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 p-4" data-testid="applicant">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900 rtl:text-right" dir="auto">
            {applicant.name}
          </p>
          <p className="text-sm break-all text-slate-600 rtl:text-right" dir="ltr">
            {applicant.email}
          </p>
        </div>
        <p className="text-xs text-slate-600">
          {t('card.applied', { date: format.instant(applicant.appliedDate) })}
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t('card.creditScore')}</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-2">
            {applicant.creditScore === null ? (
              <span className="text-slate-700">{t('card.notGiven')}</span>
            ) : (
              <>
                <Badge
                  className={cn('font-semibold', creditClass(applicant.creditScore))}
                  data-testid="applicant-credit"
                >
                  {format.number(applicant.creditScore)}
                </Badge>
                <span className="text-xs text-slate-600">{t('card.selfReported')}</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('card.trustLevel')}</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-2">
            {/* Spec 001 §5: trust level from the trust score, 80+ high, 70–79 medium, below 70 low. */}
            <Badge
              className={cn('font-semibold', trustClass[levelOfScore(applicant.trustScore)])}
              data-testid="applicant-trust"
            >
              {t(`card.trust.${levelOfScore(applicant.trustScore)}`)}
            </Badge>
            <span className="text-xs text-slate-600">
              {t('card.trustScore', { score: format.number(applicant.trustScore) })}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('card.monthlyIncome')}</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-2">
            {applicant.monthlyIncome === null ? (
              <span className="text-slate-700">{t('card.notGiven')}</span>
            ) : (
              <>
                <span className="font-medium text-slate-900">{format.money(applicant.monthlyIncome)}</span>
                <span className="text-xs text-slate-600">{t('card.selfReported')}</span>
              </>
            )}
          </dd>
        </div>
        {applicant.referredBy && (
          <div>
            <dt className="text-slate-600">{t('card.referredBy')}</dt>
            <dd className="mt-0.5 break-words text-slate-900 rtl:text-right" dir="auto">
              {applicant.referredBy}
            </dd>
          </div>
        )}
        <div className={applicant.referredBy ? 'sm:col-span-2' : undefined}>
          <dt className="text-slate-600">{t('card.paymentRecord')}</dt>
          <dd className="mt-0.5 text-slate-900">
            <ApplicationsPaymentRecord record={applicant.paymentRecord} />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-600">{t('card.reason')}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900 rtl:text-right" dir="auto">
            {applicant.reason}
          </dd>
        </div>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <RejectApplicationDialog applicant={applicant} />
        <Button disabled={approve.isPending} onClick={() => approve.mutate(applicant)}>
          <Check aria-hidden />
          {approve.isPending ? t('card.approving') : t('card.approve')}
        </Button>
      </div>
    </li>
  );
}
