import { useQuery } from '@tanstack/react-query';
import { KeyRound, PlusCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { GroupCard } from './group-card.tsx';
import { GroupsLoadFailed, GroupsSkeleton, NoGroups, TabEmpty } from './groups-states.tsx';
import { groupQueries } from './queries.ts';
import type { GroupStatus, GroupSummary } from './types.ts';

const tabs: GroupStatus[] = ['active', 'recruiting', 'completed'];

export default function GroupsPage() {
  const { t } = useTranslation('groups');

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('list.title')}</h1>
          <p className="mt-1 text-slate-600">{t('list.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" className="flex-1 sm:flex-none">
            <Link href="/join-group">
              <KeyRound />
              {t('list.joinGroup')}
            </Link>
          </Button>
          <Button asChild className="flex-1 sm:flex-none">
            <Link href="/create-group">
              <PlusCircle />
              {t('list.createGroup')}
            </Link>
          </Button>
        </div>
      </div>

      <GroupsBody />
    </div>
  );
}

function GroupsBody() {
  const { t } = useTranslation('groups');
  const { user } = useCurrentUser();
  const query = useQuery({ ...groupQueries.list(), enabled: Boolean(user) });
  if (query.isPending) return <GroupsSkeleton />;
  if (query.isError) return <GroupsLoadFailed onRetry={() => query.refetch()} />;
  const groups = query.data;
  if (groups.length === 0) return <NoGroups />;
  // Radix reads the direction from its own provider (LTR by default), not from the page.
  return (
    <Tabs defaultValue={firstTab(groups)}>
      <TabsList className="mb-5">
        {tabs.map((status) => (
          <TabsTrigger key={status} value={status} className="px-1.5 sm:px-3">
            {t(`list.tabs.${status}`, { count: groups.filter((g) => g.status === status).length })}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((status) => (
        <TabsContent key={status} value={status}>
          <TabGroups
            groups={groups.filter((g) => g.status === status)}
            empty={t(`list.emptyTab.${status}`)}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** Active is the default tab, unless it is empty and another tab is not. */
function firstTab(groups: GroupSummary[]): GroupStatus {
  return tabs.find((status) => groups.some((g) => g.status === status)) ?? 'active';
}

function TabGroups({ groups, empty }: { groups: GroupSummary[]; empty: string }) {
  if (groups.length === 0) return <TabEmpty message={empty} />;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        <GroupCard key={group.id} group={group} />
      ))}
    </div>
  );
}
