import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApplicationsCard } from '#web/features/applications/applications-card.tsx';
import { GroupSettingsTab } from '#web/features/group-settings/settings-tab.tsx';
import { groupQueries } from '#web/features/groups/queries.ts';
import { RemoveMemberDialog } from '#web/features/membership/remove-member-dialog.tsx';
import { ReputationTab } from '#web/features/reputation/reputation-tab.tsx';
import { groupDetailQueries } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { ActionTiles } from './action-tiles.tsx';
import { AdminAccessRequired } from './admin-access-required.tsx';
import { CommunicationTab } from './communication-tab.tsx';
import { GroupPicker } from './group-picker.tsx';
import { SummaryCards } from './summary-cards.tsx';

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
        <ManagedGroup key={groupId} groupId={groupId} tab={tab} onTab={(value) => update('tab', value)} />
      )}
    </div>
  );
}

/**
 * One circle's management: its summary cards, the admins' action tiles, then the tabs. Admin-only
 * sections tell other members so (spec 001 §2.3) rather than hide.
 */
function ManagedGroup(props: { groupId: number; tab: Tab; onTab: (tab: string) => void }) {
  const { t } = useTranslation('groupManagement');
  const errorText = useErrorText();
  const detail = useQuery(groupDetailQueries.detail(props.groupId));
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
    <div className="grid grid-cols-1 gap-6">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Link
          href={`/groups/${group.id}`}
          className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
        >
          <bdi>{group.name}</bdi>
        </Link>
        <span>{viewer.isAdmin ? t('roleAdmin') : t('roleMember')}</span>
      </p>
      <SummaryCards groupId={group.id} />
      {viewer.isAdmin && <ActionTiles detail={detail.data} />}
      <Tabs value={props.tab} onValueChange={props.onTab} className="flex min-w-0 flex-col gap-4">
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
          <GroupSettingsTab groupId={group.id} />
        </TabsContent>
        <TabsContent value="approvals">
          {viewer.isAdmin ? (
            <ApplicationsCard groupId={group.id} />
          ) : (
            <AdminAccessRequired section="approvals" />
          )}
        </TabsContent>
        <TabsContent value="reputation">
          <ReputationTab
            groupId={group.id}
            renderRemoveMember={(member) => (
              <RemoveMemberDialog groupId={group.id} userId={member.id} name={member.name} />
            )}
          />
        </TabsContent>
        <TabsContent value="communication">
          <CommunicationTab detail={detail.data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
