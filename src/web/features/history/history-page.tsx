import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, History, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { GroupSummary } from '#shared/schemas/group-view.ts';
import type { HistoryEntry, HistoryReply } from '#shared/schemas/history.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { getJson } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';

type Filter = 'all' | HistoryEntry['type'];
const FILTERS: Filter[] = ['all', 'contribution', 'payout', 'penalty'];
const ICONS = { contribution: ArrowUpRight, payout: ArrowDownLeft, penalty: TriangleAlert };
const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';

/** Everything the user paid and received, across their groups, with filters. */
export default function HistoryPage() {
  const { t } = useTranslation('history');
  const format = useFormat();
  const [type, setType] = useState<Filter>('all');
  const [groupId, setGroupId] = useState('');
  const groups = useQuery({
    queryKey: ['user', 'groups'],
    queryFn: getJson<GroupSummary[]>('/api/user/groups'),
  });
  const params = new URLSearchParams({ type, ...(groupId ? { groupId } : {}) });
  const history = useQuery({
    queryKey: ['user', 'history', type, groupId],
    queryFn: getJson<HistoryReply>(`/api/user/history?${params}`),
  });
  const entries = history.data?.entries ?? [];

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-slate-600">{t('subtitle')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="history-type">{t('filters.type')}</Label>
          <select
            id="history-type"
            className={selectClass}
            value={type}
            onChange={(e) => setType(e.target.value as Filter)}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filters.types.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-group">{t('filters.group')}</Label>
          <select
            id="history-group"
            className={selectClass}
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
          >
            <option value="">{t('filters.allGroups')}</option>
            {(groups.data ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Card>
        <CardContent className="p-0">
          {history.isPending && <Skeleton className="m-5 h-40" />}
          {history.isError && <p className="p-5 text-red-700">{t('loadFailed')}</p>}
          {history.isSuccess && entries.length === 0 && (
            <div className="flex flex-col items-center gap-2 p-10 text-center text-slate-600">
              <History className="size-10 text-slate-300" />
              {t('empty')}
            </div>
          )}
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => {
              const Icon = ICONS[entry.type];
              return (
                <li key={entry.id} className="flex items-center gap-3 p-4">
                  <span className="rounded-full bg-slate-100 p-2 text-slate-700">
                    <Icon className="size-4 rtl:-scale-x-100" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {t(`entry.${entry.type}`, { cycle: entry.cycle })}
                    </p>
                    {/* Wraps instead of cutting off: on a phone the date is what a cut took away. */}
                    <p className="text-sm break-words text-slate-600">
                      <Link href={`/groups/${entry.groupId}`} className="underline-offset-2 hover:underline">
                        {entry.groupName}
                      </Link>
                      {' · '}
                      <span className="whitespace-nowrap">{format.instantDay(entry.at)}</span>
                    </p>
                  </div>
                  <div className="text-end">
                    <p className="font-semibold tabular-nums">
                      {entry.type === 'payout' ? '+' : '−'}
                      {format.money(entry.amount)}
                    </p>
                    {(entry.late || entry.type === 'penalty') && (
                      <Badge className="bg-amber-100 text-amber-900">
                        {t(`status.${entry.type === 'penalty' ? entry.status : 'late'}`)}
                      </Badge>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
