import { CalendarClock, CheckCircle2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from './format.ts';
import { ProcessPayoutDialog } from './process-payout-dialog.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { currentCycleOf, type GroupDetail } from './queries.ts';
import { Stat } from './stat.tsx';
import { CycleStatusBadge } from './status-badges.tsx';

export function RotationTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const { group, cycles } = detail;
  const completed = cycles.filter((c) => c.status === 'completed').length;
  const next = cycles.find((c) => c.status !== 'completed');
  const current = group.status === 'active' ? currentCycleOf(detail) : undefined;
  const nameFor = (userId: number | null, name: string) =>
    userId === detail.viewer.userId ? t('members.nameYou', { name }) : name;

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="p-5">
          <dl className="grid grid-cols-2 gap-5 sm:grid-cols-3">
            <Stat
              icon={RefreshCw}
              label={t('rotation.currentCycle')}
              value={
                group.status === 'recruiting'
                  ? t('header.notStarted')
                  : t('rotation.cycleOf', { current: group.currentCycle, total: group.totalCycles })
              }
            />
            <Stat
              icon={CheckCircle2}
              label={t('rotation.completed')}
              value={t('rotation.completedOf', { done: completed, total: group.totalCycles })}
              testId="cycles-completed"
            />
            <Stat
              icon={CalendarClock}
              label={t('rotation.nextPayout')}
              value={
                next
                  ? format.day(next.scheduledDate)
                  : group.status === 'completed'
                    ? t('rotation.noneLeft')
                    : t('rotation.tbd')
              }
              hint={
                next?.recipientName
                  ? t('header.payoutTo', { name: nameFor(next.recipientId, next.recipientName) })
                  : undefined
              }
            />
          </dl>
        </CardContent>
      </Card>

      {current && <CurrentCycleCard detail={detail} />}

      <Card>
        <CardHeader>
          <CardTitle>{t('rotation.scheduleTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {cycles.length === 0 ? (
            <p className="py-4 text-center text-slate-600">{t('rotation.notSetYet')}</p>
          ) : (
            <ol className="grid gap-2" data-testid="rotation-list">
              {cycles.map((cycle) => {
                return (
                  <li
                    key={cycle.cycleNumber}
                    className={cn(
                      'flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3',
                      cycle.status === 'current' && 'border-brand-600 bg-brand-50',
                    )}
                  >
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-800">
                      {cycle.cycleNumber}
                    </span>
                    <div className="min-w-40 flex-1">
                      <p className="font-medium break-words text-slate-900">
                        {nameFor(cycle.recipientId, cycle.recipientName)}
                      </p>
                      <p className="text-xs text-slate-600">
                        {cycle.actualDate
                          ? t('rotation.paidOutOn', { date: format.instant(cycle.actualDate) })
                          : t('rotation.scheduledFor', { date: format.day(cycle.scheduledDate) })}
                      </p>
                    </div>
                    <div className="flex items-center gap-2 ms-auto">
                      <span className="text-sm font-semibold text-slate-900">
                        {format.money(cycle.payoutAmount)}
                      </span>
                      <CycleStatusBadge status={cycle.status} />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function CurrentCycleCard({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const cycle = currentCycleOf(detail)!;
  const { currentCycle } = detail;
  return (
    <Card data-testid="current-cycle">
      <CardHeader>
        <CardTitle>{t('rotation.currentTitle', { cycle: cycle.cycleNumber })}</CardTitle>
        <p className="text-sm text-slate-600">
          {t('header.payoutTo', {
            name:
              cycle.recipientId === detail.viewer.userId
                ? t('members.nameYou', { name: cycle.recipientName })
                : cycle.recipientName,
          })}
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <span className="font-medium text-slate-800">{t('rotation.progress')}</span>
            <span className="text-slate-700" data-testid="cycle-progress">
              {t('rotation.paidCount', {
                paid: currentCycle.paidCount,
                total: currentCycle.memberCount,
                percent: currentCycle.progressPercent,
              })}
            </span>
          </div>
          <ProgressBar
            value={currentCycle.paidCount}
            max={currentCycle.memberCount}
            label={t('rotation.progress')}
          />
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Stat
            label={t('rotation.collected')}
            value={format.money(currentCycle.collected)}
            testId="collected"
          />
          <Stat
            label={t('rotation.payoutAmount')}
            value={format.money(cycle.payoutAmount)}
            hint={t('rotation.feeHint', {
              pool: format.money(currentCycle.pool),
              fee: format.money(cycle.fee),
            })}
          />
          <Stat label={t('rotation.scheduledDate')} value={format.day(cycle.scheduledDate)} />
        </dl>
        {detail.viewer.isAdmin && (
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
            {currentCycle.canProcessPayout ? (
              <ProcessPayoutDialog detail={detail} cycle={cycle} />
            ) : (
              <p className="text-sm text-slate-600">{t('rotation.payoutNotReady')}</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
