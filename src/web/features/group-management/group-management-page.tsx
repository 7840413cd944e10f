import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { GroupSettingsTab } from '#web/features/group-settings/settings-tab.tsx';
import { groupQueries } from '#web/features/groups/queries.ts';
import { GroupStatusBadge } from '#web/features/groups/status-badge.tsx';
import { groupDetailQueries } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { CommunicationTab } from './communication-tab.tsx';
import { GroupPicker } from './group-picker.tsx';
import { NotYetAvailable } from './not-yet-available.tsx';

const tabs = ['settings', 'approvals', 'reputation', 'communication'] as const;
type Tab = (typeof tabs)[number];

/** /group-management: pick one of your circles (?group=<id>), then its management tabs. */
export default function GroupManagementPage() {
  const { t } = useTranslation('groupManagement');
  const [search, setSearch] = useSearchParams();
  const list = useQuery(groupQueries.list());
  const update = (name: string, value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const groups = list.data ?? [];
  const requested = Number(search.get('group'));
  const groupId = groups.find((g) => g.id === requested)?.id ?? groups[0]?.id;
  const requestedTab = search.get('tab') as Tab | null;
  const tab: Tab = requestedTab && tabs.includes(requestedTab) ? requestedTab : 'communication';

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        {groupId !== undefined && (
          <GroupPicker groups={groups} value={groupId} onChange={(id) => update('group', String(id))} />
        )}
      </div>
      {list.isPending && <TabSkeleton label={t('loading')} cards={1} />}
      {list.isError && (
        <TabLoadFailed
          message={t('loadFailed')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.isSuccess && groupId === undefined && (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
            <p className="font-semibold text-slate-900">{t('noGroups')}</p>
            <Button asChild>
              <Link href="/groups">{t('toGroups')}</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {groupId !== undefined && (
        <Tabs value={tab} onValueChange={(value) => update('tab', value)} className="flex flex-col gap-4">
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <TabsList aria-label={t('tabs.label')} className="min-w-max sm:min-w-0">
              {tabs.map((value) => (
                <TabsTrigger
                  key={value}
                  value={value}
                  className="flex-none px-3 sm:flex-1"
                  data-testid={`manage-tab-${value}`}
                >
                  {t(`tabs.${value}`)}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value="settings">
            <GroupSettingsTab groupId={groupId} />
          </TabsContent>
          {tabs.slice(1, 3).map((value) => (
            <TabsContent key={value} value={value}>
              <NotYetAvailable section={value as Exclude<Tab, 'communication' | 'settings'>} />
            </TabsContent>
          ))}
          <TabsContent value="communication">
            <ManagedGroup groupId={groupId} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function ManagedGroup({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groupManagement');
  const errorText = useErrorText();
  const detail = useQuery(groupDetailQueries.detail(groupId));
  if (detail.isPending) return <TabSkeleton label={t('loading')} cards={2} />;
  if (detail.isError)
    return (
      <TabLoadFailed
        message={t('loadFailed')}
        detail={errorText(detail.error, 'groupManagement:loadFailed')}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  const { group, viewer } = detail.data;
  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Link
          href={`/groups/${group.id}`}
          className="font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <bdi>{group.name}</bdi>
        </Link>
        <GroupStatusBadge status={group.status} />
        <span>{viewer.isAdmin ? t('roleAdmin') : t('roleMember')}</span>
      </p>
      <CommunicationTab detail={detail.data} />
    </div>
  );
}
