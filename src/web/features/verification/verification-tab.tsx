import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFIED_THRESHOLD } from '#shared/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { AdminOverview } from './admin-overview.tsx';
import { MembersTrust } from './members-trust.tsx';
import { OwnChecks } from './own-checks.tsx';
import { type GroupVerification, verificationQueries } from './queries.ts';
import { SummaryCards } from './summary-cards.tsx';
import { TrustExplanation } from './trust-explanation.tsx';

const CompleteVerificationDialog = lazy(() => import('./complete-verification-dialog.tsx'));

/** The group page's Verification tab: rate, own trust score and checks, members' scores, admin overview. */
export function VerificationTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('verification');
  const errorText = useErrorText();
  const query = useQuery(verificationQueries.group(detail.group.id));
  if (query.isPending)
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only">{t('loading')}</span>
        <Skeleton className="h-28" />
        <Skeleton className="h-48" />
      </div>
    );
  if (query.isError)
    return (
      <Card role="alert">
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <AlertTriangle aria-hidden className="size-8 text-red-600" />
          <p className="text-slate-800">{errorText(query.error, 'verification:loadFailed')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('retry')}
          </Button>
        </CardContent>
      </Card>
    );
  return <VerificationView data={query.data} viewerId={detail.viewer.userId} />;
}

function VerificationView({ data, viewerId }: { data: GroupVerification; viewerId: number }) {
  const { t } = useTranslation('verification');
  const [open, setOpen] = useState(false);
  const verified = data.me.overallScore >= VERIFIED_THRESHOLD;
  const action = verified ? (
    <p className="flex items-center gap-2 text-sm text-emerald-800">
      <ShieldCheck aria-hidden className="size-4" />
      {t('own.done')}
    </p>
  ) : (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="justify-self-start" data-testid="complete-verification">
          <ShieldCheck aria-hidden />
          {t('own.complete')}
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense fallback={null}>
          <CompleteVerificationDialog me={data.me} />
        </Suspense>
      )}
    </Dialog>
  );
  return (
    <div className="grid gap-4">
      <SummaryCards data={data} />
      <OwnChecks me={data.me} action={action} />
      <Card>
        <CardHeader>
          <CardTitle>{t('explanation.title', { score: data.me.trustScore })}</CardTitle>
        </CardHeader>
        <CardContent>
          <TrustExplanation explanation={data.me.explanation} overallScore={data.me.overallScore} />
        </CardContent>
      </Card>
      <MembersTrust data={data} viewerId={viewerId} />
      {data.adminOverview && <AdminOverview rows={data.adminOverview} />}
    </div>
  );
}
