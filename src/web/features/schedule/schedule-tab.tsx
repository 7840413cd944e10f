import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { CycleStatusBadge } from '#web/components/ui/status-badges.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { ScheduleEditor } from './schedule-editor.tsx';

const UPCOMING_LIMIT = 12;
const LAST_DAY_OF_MONTH = 31;

export function ScheduleTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const { group } = detail;
  const [editing, setEditing] = useState(false);
  // The server refuses schedule changes once every cycle has been paid out.
  const canEdit = detail.viewer.isAdmin && group.status !== 'completed';
  const remaining = detail.cycles.filter((c) => c.status !== 'completed');
  const shown = remaining.slice(0, UPCOMING_LIMIT);
  const more = remaining.length - shown.length;

  const frequency = {
    weekly: t('schedule.weekly'),
    'bi-weekly': t('schedule.biWeekly'),
    monthly: t('schedule.monthly'),
  }[group.frequency];
  const contributionDay =
    group.frequency !== 'monthly'
      ? format.weekday(group.contributionDay)
      : group.contributionDay >= LAST_DAY_OF_MONTH
        ? t('schedule.lastDayOfMonth')
        : t('schedule.dayOfMonth', { day: group.contributionDay });
  const rotation = {
    join_order: t('schedule.rotationJoinOrder'),
    admin_set: t('schedule.rotationAdminSet'),
    random_draw: t('schedule.rotationRandomDraw'),
  }[group.rotationMethod];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="self-start">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{editing ? t('scheduleEditor.title') : t('schedule.configTitle')}</CardTitle>
            <p className="text-sm text-slate-600">{t('schedule.configHint')}</p>
          </div>
          {canEdit && !editing && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {t('scheduleEditor.edit')}
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {editing && canEdit ? (
            <ScheduleEditor group={group} onDone={() => setEditing(false)} />
          ) : (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-5" data-testid="schedule-config">
              <Stat label={t('schedule.frequency')} value={frequency} />
              <Stat label={t('schedule.contributionDay')} value={contributionDay} />
              <Stat
                label={t('schedule.gracePeriod')}
                value={t('schedule.days', { count: group.gracePeriodDays })}
              />
              <Stat label={t('schedule.startDate')} value={format.day(group.startDate)} />
              <Stat label={t('schedule.timeZone')} value={<span dir="ltr">{group.timeZone}</span>} />
              <Stat
                label={t('schedule.penalty')}
                value={t('schedule.percent', { value: group.penaltyPercentage })}
              />
              <Stat
                label={t('schedule.autoPayout')}
                value={group.autoPayout ? t('schedule.on') : t('schedule.off')}
              />
              <Stat
                label={t('scheduleEditor.reminder')}
                value={
                  group.reminderDays === 0
                    ? t('scheduleEditor.reminderOnDay')
                    : t('scheduleEditor.reminderBefore', { count: group.reminderDays })
                }
              />
              <Stat
                label={t('scheduleEditor.threshold')}
                value={t('schedule.percent', { value: group.minContributionThreshold })}
              />
              <Stat label={t('schedule.rotation')} value={rotation} />
            </dl>
          )}
        </CardContent>
      </Card>

      <Card className="self-start">
        <CardHeader>
          <CardTitle>{t('schedule.upcomingTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {shown.length === 0 ? (
            <p className="py-4 text-center text-slate-600">
              {detail.cycles.length === 0 ? t('schedule.notSetYet') : t('schedule.allDone')}
            </p>
          ) : (
            <>
              <ol className="divide-y divide-slate-200" data-testid="upcoming-cycles">
                {shown.map((cycle) => (
                  <li
                    key={cycle.cycleNumber}
                    className="flex flex-wrap items-center justify-between gap-2 py-3"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        {t('schedule.cycleTo', { cycle: cycle.cycleNumber, name: cycle.recipientName })}
                      </p>
                      <p className="text-xs text-slate-600">
                        {t('schedule.dueAndPayout', {
                          due: format.day(cycle.dueDate),
                          payout: format.day(cycle.scheduledDate),
                        })}
                      </p>
                    </div>
                    <CycleStatusBadge status={cycle.status} />
                  </li>
                ))}
              </ol>
              {more > 0 && (
                <p className="pt-3 text-sm text-slate-600">{t('schedule.moreCycles', { count: more })}</p>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
