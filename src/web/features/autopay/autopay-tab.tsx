import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { AutopaySummary } from './autopay-summary.tsx';
import { CollectionSettings } from './collection-settings.tsx';
import { MemberSchedules } from './member-schedules.tsx';
import { OwnAutopayCard } from './own-autopay-card.tsx';
import { autopayQueries } from './queries.ts';

function AutoPayContent({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('autopay');
  // The setup dialog's words (account types, the sandbox label) load with the tab, not on opening it.
  useTranslation('bankAccount');
  const errorText = useErrorText();
  const query = useQuery(autopayQueries.schedules(detail.group.id));
  if (query.isPending) return <TabSkeleton label={t('loading')} testId="autopay-loading" />;
  if (query.isError)
    return (
      <TabLoadFailed
        message={t('loadFailed')}
        detail={errorText(query.error, 'autopay:toast.tryAgain')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;
  const own = data.paymentSchedules.find((e) => e.userId === data.viewer.userId);
  const timeZone = detail.group.timeZone;
  return (
    <div className="grid gap-6" data-testid="autopay-tab">
      <AutopaySummary data={data} timeZone={timeZone} />
      <div className={data.viewer.isAdmin ? 'grid items-start gap-6 lg:grid-cols-2' : 'grid gap-6'}>
        {own && <OwnAutopayCard entry={own} detail={detail} />}
        {data.viewer.isAdmin && <CollectionSettings data={data} groupId={detail.group.id} />}
      </div>
      <MemberSchedules data={data} timeZone={timeZone} />
    </div>
  );
}

/** The Auto-Pay tab: automation figures, the viewer's own auto-pay, everyone's state, collection settings. */
export function AutoPayTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  return (
    <Suspense fallback={<TabSkeleton label={t('groupPage:loading')} />}>
      <AutoPayContent detail={detail} />
    </Suspense>
  );
}
