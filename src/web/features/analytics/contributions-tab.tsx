import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContributionStatus, contributionStatuses } from '#shared/schemas/analytics.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { EmptyState, TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { analyticsQueries, CONTRIBUTIONS_PAGE_SIZE, type ContributionFilters } from './queries.ts';

const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';
const statusClass: Record<ContributionStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
  late: 'bg-red-100 text-red-800',
};

/** Every contribution of the member, with the spec's circle-name search and status filter, in pages. */
export function ContributionsTab({ userId }: { userId: number }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const [filters, setFilters] = useState<ContributionFilters>({ search: '', status: 'all', page: 1 });
  const query = useQuery({
    ...analyticsQueries.contributions(userId, filters),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / CONTRIBUTIONS_PAGE_SIZE)) : 1;
  const rows = query.data?.contributions ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="contributions-search">{t('contributions.search')}</Label>
          <Input
            id="contributions-search"
            type="search"
            maxLength={80}
            placeholder={t('contributions.searchPlaceholder')}
            value={filters.search}
            onChange={(e) => setFilters({ ...filters, search: e.target.value, page: 1 })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="contributions-status">{t('contributions.status')}</Label>
          <select
            id="contributions-status"
            className={selectClass}
            value={filters.status}
            onChange={(e) =>
              setFilters({ ...filters, status: e.target.value as ContributionFilters['status'], page: 1 })
            }
          >
            {(['all', ...contributionStatuses] as const).map((s) => (
              <option key={s} value={s}>
                {t(`contributions.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending && <TabSkeleton label={t('loading')} cards={1} />}
      {query.isError && (
        <TabLoadFailed
          message={t('contributions.loadFailed')}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {query.isSuccess && rows.length === 0 && (
        <Card>
          <EmptyState
            icon={<ListChecks aria-hidden className="size-6" />}
            title={t('contributions.emptyTitle')}
            body={
              filters.search || filters.status !== 'all'
                ? t('contributions.emptyFiltered')
                : t('contributions.emptyBody')
            }
          />
        </Card>
      )}
      {query.isSuccess && rows.length > 0 && (
        <Card>
          <CardContent className="p-0">
            <ScrollRegion label={t('contributions.caption')}>
              <table className="w-full min-w-[44rem] text-sm">
                <caption className="sr-only">{t('contributions.caption')}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    {(
                      ['circle', 'amount', 'due', 'paid', 'state', 'cycle', 'penalty', 'method'] as const
                    ).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                        {t(`contributions.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((c) => (
                    <tr key={c.id} className="border-b border-slate-100">
                      <td className="px-3 py-2 font-medium text-slate-900">{c.groupName}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{format.money(c.amount)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{format.day(c.dueDate)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {c.paidDate ? format.day(c.paidDate) : t('contributions.notPaid')}
                      </td>
                      <td className="px-3 py-2">
                        <Badge className={cn(statusClass[c.status])}>
                          {t(`contributions.statuses.${c.status}`)}
                        </Badge>
                      </td>
                      <td className="px-3 py-2">{format.number(c.cycle)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {c.penalty ? format.money(c.penalty) : t('contributions.noPenalty')}
                      </td>
                      <td className="px-3 py-2">{t(`methods.${c.method}`, { defaultValue: c.method })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </CardContent>
        </Card>
      )}
      {query.isSuccess && query.data.total > CONTRIBUTIONS_PAGE_SIZE && (
        <nav
          aria-label={t('contributions.pages')}
          className="flex flex-wrap items-center justify-between gap-2"
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
          >
            {t('contributions.previous')}
          </Button>
          <span className="text-sm text-slate-600">
            {t('contributions.pageOf', { page: filters.page, pages, total: query.data.total })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={filters.page >= pages}
            onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
          >
            {t('contributions.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
