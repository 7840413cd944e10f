import { ArrowDownUp, CalendarClock, CheckCircle2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { CycleStatusBadge } from '#web/components/ui/status-badges.tsx';
import { PayoutReceiptBadge } from '#web/features/payouts/payout-receipt-badge.tsx';
import { PayoutUnavailableNote, ProcessPayoutDialog } from '#web/features/payouts/process-payout-dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { currentCycleOf, type GroupDetail } from '#web/lib/group-detail.ts';
import { RotationEditor } from './rotation-editor.tsx';
import { rotationLock } from './rotation-order.ts';

export function RotationTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const { group, cycles } = detail;
  const completed = cycles.filter((c) => c.status === 'completed').length;
  const next = cycles.find((c) => c.status !== 'completed');
  const current = group.status === 'active' ? currentCycleOf(detail) : undefined;
  const [adjusting, setAdjusting] = useState(false);
  const lock = rotationLock(detail);
  const lockReason = {
    recruiting: t('rotationEditor.lockedRecruiting'),
    completed: t('rotationEditor.lockedCompleted'),
    lastCycle: t('rotationEditor.lockedLastCycle'),
  };
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
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{adjusting ? t('rotationEditor.title') : t('rotation.scheduleTitle')}</CardTitle>
            {detail.viewer.isAdmin && lock && (
              <p className="text-sm text-slate-600" data-testid="rotation-locked">
                {lockReason[lock]}
              </p>
            )}
          </div>
          {detail.viewer.isAdmin && !lock && !adjusting && (
            <Button variant="secondary" size="sm" onClick={() => setAdjusting(true)}>
              <ArrowDownUp aria-hidden />
              {t('rotationEditor.adjust')}
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {adjusting && detail.viewer.isAdmin && !lock ? (
            <RotationEditor detail={detail} onDone={() => setAdjusting(false)} />
          ) : (
            <PayoutOrder detail={detail} />
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
              <PayoutUnavailableNote detail={detail} />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Every cycle in order: who receives it, when, and how much. */
function PayoutOrder({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const { cycles } = detail;
  const nameFor = (userId: number | null, name: string) =>
    userId === detail.viewer.userId ? t('members.nameYou', { name }) : name;
  if (cycles.length === 0)
    return <p className="py-4 text-center text-slate-600">{t('rotation.notSetYet')}</p>;
  return (
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
              <span className="text-sm font-semibold text-slate-900">{format.money(cycle.payoutAmount)}</span>
              <CycleStatusBadge status={cycle.status} />
              <PayoutReceiptBadge cycle={cycle} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
