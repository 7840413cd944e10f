import { ChevronRight, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { GroupStatusBadge } from '#web/features/groups/status-badge.tsx';
import type { GroupSummary } from '#web/features/groups/types.ts';
import { isolate, useFormat } from '#web/lib/format.ts';
import { SectionCard } from './section-card.tsx';

/** Running and recruiting groups, each a link to its page. */
export function ActiveGroups({ groups }: { groups: GroupSummary[] }) {
  const { t } = useTranslation('dashboard');
  const { t: groupsT } = useTranslation('groups');
  const format = useFormat();
  const ongoing = groups.filter((g) => g.status !== 'completed');
  return (
    <SectionCard
      title={t('groups.title')}
      action={
        groups.length > 0 && (
          <Button asChild variant="link" size="sm">
            <Link href="/groups">{t('groups.viewAll')}</Link>
          </Button>
        )
      }
      icon={Users}
      empty={
        ongoing.length === 0 ? (groups.length === 0 ? t('groups.empty') : t('groups.noneRunning')) : undefined
      }
      emptyAction={
        <Button asChild>
          <Link href="/create-group">{t('groups.create')}</Link>
        </Button>
      }
    >
      <ul className="grid grid-cols-1 gap-3">
        {ongoing.map((group) => (
          <li key={group.id}>
            <Link
              href={`/groups/${group.id}`}
              className="flex items-center gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50/40"
            >
              <div className="grid grid-cols-1 min-w-0 flex-1 gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-semibold text-slate-900">{group.name}</span>
                  <GroupStatusBadge status={group.status} />
                </div>
                <p className="text-sm text-slate-600">
                  {[
                    format.money(group.contributionAmount),
                    groupsT(`frequency.${group.frequency}`),
                    group.status === 'active' &&
                      t('groups.cycle', { current: group.currentCycle, total: group.totalCycles }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {group.status === 'active' ? (
                  <>
                    <ProgressBar
                      value={group.contributionProgress}
                      max={group.currentMembers}
                      label={t('groups.paid', {
                        paid: group.contributionProgress,
                        total: group.currentMembers,
                      })}
                      className="h-2"
                    />
                    <p className="text-xs text-slate-600">
                      {t('groups.paid', { paid: group.contributionProgress, total: group.currentMembers })}
                      {group.nextRecipient && group.payoutDate && (
                        <>
                          {' · '}
                          {t('groups.next', {
                            name: isolate(group.nextRecipient),
                            date: isolate(format.day(group.payoutDate)),
                          })}
                        </>
                      )}
                    </p>
                  </>
                ) : (
                  <p className="text-xs text-slate-600">
                    {t('groups.waiting', { current: group.currentMembers, limit: group.memberLimit })}
                  </p>
                )}
              </div>
              <ChevronRight className="size-5 shrink-0 text-slate-400 rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
