import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ScheduleUpdate } from '#shared/schemas/groups.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, selectClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { Group } from '#web/lib/group-detail.ts';
import { todayIn } from '#web/lib/today-in.ts';
import { useDayLabel } from '#web/lib/use-day-label.ts';
import {
  dayForFrequency,
  type ScheduleFormValues,
  scheduleDefaults,
  scheduleFormSchema,
  thresholdChoices,
} from './schedule-form.ts';
import { useUpdateSchedule } from './use-update-schedule.ts';

const frequencies = ['monthly', 'bi-weekly', 'weekly'] as const;
const UP_TO_14 = Array.from({ length: 15 }, (_, i) => i);
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** Admin: the schedule settings as a form; Save sends them through the server, Cancel drops them. */
export function ScheduleEditor({ group, onDone }: { group: Group; onDone: () => void }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const dayLabel = useDayLabel();
  const update = useUpdateSchedule(group.id);
  const recruiting = group.status === 'recruiting';
  const today = todayIn(group.timeZone);
  const form = useForm<ScheduleFormValues, unknown, ScheduleUpdate>({
    resolver: zodResolver(scheduleFormSchema(today)),
    defaultValues: scheduleDefaults(group),
  });
  const { errors } = form.formState;
  const frequency = form.watch('frequency');
  const monthly = frequency === 'monthly';
  const frequencyLabel = {
    weekly: t('schedule.weekly'),
    'bi-weekly': t('schedule.biWeekly'),
    monthly: t('schedule.monthly'),
  };

  const submit = form.handleSubmit((values) => update.mutate(values, { onSuccess: onDone }));

  return (
    <form className="grid gap-5" noValidate onSubmit={submit} data-testid="schedule-editor">
      <p className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-slate-800">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
        {recruiting
          ? t('scheduleEditor.noteRecruiting')
          : t('scheduleEditor.noteActive', { cycle: group.currentCycle })}
      </p>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id="schedule-frequency" label={t('schedule.frequency')}>
          <select
            {...fieldAria('schedule-frequency')}
            className={selectClass}
            {...form.register('frequency', {
              onChange: (e) =>
                form.setValue(
                  'contributionDay',
                  dayForFrequency(frequency, e.target.value, form.getValues('contributionDay')),
                ),
            })}
          >
            {frequencies.map((f) => (
              <option key={f} value={f}>
                {frequencyLabel[f]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="schedule-day"
          label={monthly ? t('scheduleEditor.dayOfMonth') : t('scheduleEditor.dayOfWeek')}
          hint={monthly ? t('scheduleEditor.lastDayHint') : undefined}
          error={errors.contributionDay}
        >
          <select
            key={monthly ? 'month' : 'week'}
            {...fieldAria('schedule-day', errors.contributionDay, monthly)}
            className={selectClass}
            {...form.register('contributionDay', { valueAsNumber: true })}
          >
            {(monthly ? MONTH_DAYS : WEEK_DAYS).map((d) => (
              <option key={d} value={d}>
                {dayLabel(frequency, d)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="schedule-grace"
          label={t('schedule.gracePeriod')}
          hint={t('scheduleEditor.graceHint')}
          error={errors.gracePeriod}
        >
          <select
            {...fieldAria('schedule-grace', errors.gracePeriod, true)}
            className={selectClass}
            {...form.register('gracePeriod', { valueAsNumber: true })}
          >
            {UP_TO_14.map((d) => (
              <option key={d} value={d}>
                {t('schedule.days', { count: d })}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="schedule-reminder"
          label={t('scheduleEditor.reminder')}
          hint={t('scheduleEditor.reminderHint')}
          error={errors.reminderDays}
        >
          <select
            {...fieldAria('schedule-reminder', errors.reminderDays, true)}
            className={selectClass}
            {...form.register('reminderDays', { valueAsNumber: true })}
          >
            {UP_TO_14.map((d) => (
              <option key={d} value={d}>
                {d === 0
                  ? t('scheduleEditor.reminderOnDay')
                  : t('scheduleEditor.reminderBefore', { count: d })}
              </option>
            ))}
          </select>
        </Field>
        {recruiting && (
          <Field
            id="schedule-start"
            label={t('schedule.startDate')}
            hint={t('scheduleEditor.startHint')}
            error={errors.startDate}
          >
            <Input
              {...fieldAria('schedule-start', errors.startDate, true)}
              type="date"
              min={today}
              {...form.register('startDate')}
            />
          </Field>
        )}
      </div>
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('schedule.autoPayout')}</legend>
        <div className="flex items-start gap-3">
          <input
            id="schedule-auto-payout"
            type="checkbox"
            aria-describedby="schedule-auto-payout-hint"
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            {...form.register('autoPayoutEnabled')}
          />
          <div className="grid gap-0.5">
            <label htmlFor="schedule-auto-payout" className="text-sm font-medium text-slate-800">
              {t('scheduleEditor.autoPayout')}
            </label>
            <p id="schedule-auto-payout-hint" className="text-xs text-slate-600">
              {t('scheduleEditor.autoPayoutHint')}
            </p>
          </div>
        </div>
        <Field
          id="schedule-threshold"
          label={t('scheduleEditor.threshold')}
          hint={t('scheduleEditor.thresholdHint')}
          error={errors.minimumContributionThreshold}
        >
          <select
            {...fieldAria('schedule-threshold', errors.minimumContributionThreshold, true)}
            className={selectClass}
            {...form.register('minimumContributionThreshold', { valueAsNumber: true })}
          >
            {thresholdChoices(group.minContributionThreshold).map((value) => (
              <option key={value} value={value}>
                {t('schedule.percent', { value: format.number(value) })}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone} disabled={update.isPending}>
          {t('scheduleEditor.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('scheduleEditor.saving') : t('scheduleEditor.save')}
        </Button>
      </div>
    </form>
  );
}
