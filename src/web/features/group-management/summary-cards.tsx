import { useQuery } from '@tanstack/react-query';
import { Clock, Gauge, PiggyBank, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagementSummary } from '#shared/schemas/management.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { GroupStatusBadge } from '#web/features/groups/status-badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { managementQueries } from './management-queries.ts';

/** The four cards at the top of group management, from the summary call; skeletons while it loads. */
export function SummaryCards({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groupManagement');
  const summary = useQuery(managementQueries.summary(groupId));
  if (summary.isPending)
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        <span className="sr-only">{t('loading')}</span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('summary.loadFailed')}
      </p>
    );
  return <Cards summary={summary.data} />;
}

/** The cards for a loaded summary (exported for its test). */
export function Cards({ summary }: { summary: ManagementSummary }) {
  const { t } = useTranslation('groupManagement');
  const format = useFormat();
  const score = summary.groupScore;
  return (
    <section aria-label={t('summary.label')} className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <CircleBadge summary={summary} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="management-summary">
        <SummaryCard>
          <Stat
            icon={Users}
            label={t('summary.totalMembers')}
            value={t('summary.ofLimit', {
              limit: format.number(summary.memberLimit),
              members: format.number(summary.totalMembers),
            })}
            testId="summary-members"
          />
        </SummaryCard>
        <SummaryCard>
          <Stat
            icon={Clock}
            label={t('summary.pendingApprovals')}
            value={
              summary.pendingApprovals === null
                ? t('summary.adminsOnly')
                : format.number(summary.pendingApprovals)
            }
            testId="summary-pending"
          />
        </SummaryCard>
        <SummaryCard>
          <Stat
            icon={Gauge}
            label={t('summary.groupScore')}
            value={t('summary.outOf100', { score: format.number(score.score) })}
            hint={
              score.onTimeRate === null
                ? t('summary.scoreNothingDue', { trust: format.number(score.averageTrustScore) })
                : t('summary.scoreFormula', {
                    onTimeWeight: format.percent(score.weights.onTime),
                    onTime: format.percent(score.onTimeRate),
                    trustWeight: format.percent(score.weights.trust),
                    trust: format.number(score.averageTrustScore),
                  })
            }
            testId="summary-score"
          />
        </SummaryCard>
        <SummaryCard>
          <Stat
            icon={PiggyBank}
            label={t('summary.totalSaved')}
            value={format.money(summary.totalSavedCents)}
            testId="summary-saved"
          />
        </SummaryCard>
      </div>
    </section>
  );
}

function SummaryCard({ children }: { children: ReactNode }) {
  return (
    <Card className="min-w-0">
      {/* Each card its own list: the label and value pair sit directly in a <dl>, as assistive tech expects. */}
      <CardContent className="p-4">
        <dl>{children}</dl>
      </CardContent>
    </Card>
  );
}

/** The spec's 'Group Active' badge; a frozen, recruiting or completed circle says so instead. */
function CircleBadge({ summary }: { summary: ManagementSummary }) {
  const { t } = useTranslation('groupManagement');
  if (summary.frozen)
    return (
      <Badge className="bg-sky-100 text-sky-900" data-testid="circle-badge">
        {t('summary.frozen')}
      </Badge>
    );
  if (summary.status === 'active')
    return <Badge data-testid="circle-badge">{t('summary.groupActive')}</Badge>;
  return <GroupStatusBadge status={summary.status} />;
}
