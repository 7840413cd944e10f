import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
import { ActiveGroups } from './active-groups.tsx';
import { ContributionChart } from './contribution-chart.tsx';
import { DashboardLoadFailed, DashboardSkeleton } from './dashboard-states.tsx';
import { DebtsCard } from './debts-card.tsx';
import { MilestonesCard } from './milestones-card.tsx';
import { MoneyCards, OverdueAlert } from './money-cards.tsx';
import { dashboardQueries } from './queries.ts';
import { QuickActions } from './quick-actions.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { SavingsGoalCard } from './savings-goal-card.tsx';
import { UpcomingPayments } from './upcoming-payments.tsx';
import { WelcomeCard } from './welcome-card.tsx';

export default function DashboardPage() {
  useTranslation('dashboard');
  // Group rows on this page use the groups namespace; load it with the page, not on first render.
  useTranslation('groups');
  const { user } = useCurrentUser();
  const query = useQuery({ ...dashboardQueries.detail(user?.id ?? 0), enabled: Boolean(user) });

  if (query.isPending) return <DashboardSkeleton />;
  // The server's drawing of this page (decision 0048) gives way once the app shows its content or failure.
  if (query.isError)
    return (
      <>
        <PrerenderedHandOff />
        <DashboardLoadFailed onRetry={() => query.refetch()} />
      </>
    );
  const data = query.data;
  const firstName = data.user.fullName.split(' ')[0] || data.user.username;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PrerenderedHandOff />
      <WelcomeCard name={firstName} stats={data.stats} />
      <OverdueAlert count={data.stats.overdueCount} />
      <DebtsCard />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          <MoneyCards stats={data.stats} groups={data.groups} />
          <UpcomingPayments payments={data.upcomingPayments} />
          <ActiveGroups groups={data.groups} />
          <ContributionChart history={data.contributionHistory} />
          <RecentActivity items={data.recentActivity} />
        </div>
        <div className="grid grid-cols-1 content-start gap-6">
          <SavingsGoalCard data={data} />
          <MilestonesCard data={data} />
          <QuickActions />
        </div>
      </div>
    </div>
  );
}
