import { ChevronDown } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria, selectClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useDayLabel } from '#web/lib/use-day-label.ts';
import { type CreateGroupValues, defaultContributionDay, localToday } from './create-group-schema.ts';
import { RequireApprovalSetting } from './require-approval-setting.tsx';
import { RotationChoice } from './rotation-choice.tsx';

const frequencies = ['monthly', 'bi-weekly', 'weekly'] as const;
const graceDays = Array.from({ length: 15 }, (_, i) => i);

/** Schedule and rotation, folded away under a line that states the values in force. */
export function MoreSettings({ form }: { form: UseFormReturn<CreateGroupValues> }) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  const dayLabel = useDayLabel();
  const { errors } = form.formState;
  const [frequency, day, grace, startDate, rotation, requireApproval] = form.watch([
    'frequency',
    'contributionDay',
    'gracePeriodDays',
    'startDate',
    'rotationMethod',
    'requireApproval',
  ]);
  const monthly = frequency === 'monthly';
  const days = monthly ? Array.from({ length: 31 }, (_, i) => i + 1) : [0, 1, 2, 3, 4, 5, 6];
  const resetDay = (nextFrequency: CreateGroupValues['frequency'], nextStart: string) =>
    form.setValue('contributionDay', defaultContributionDay(nextFrequency, nextStart));
  const summary = [
    t(`frequency.${frequency}`),
    monthly && day !== 31 ? t('create.daySummary', { day: format.number(day) }) : dayLabel(frequency, day),
    t('create.graceDays', { count: grace }),
    /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? format.day(startDate) : startDate,
    t(`create.rotationMethods.${rotation}.label`),
    ...(requireApproval ? [t('applications:create.summary')] : []),
  ].join(' · ');

  return (
    <details
      className="group rounded-xl border border-slate-200 bg-slate-50/60"
      open={Boolean(errors.startDate)}
    >
      <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded-xl p-4 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{t('create.moreSettings')}</span>
          <span className="block text-sm text-slate-600">{summary}</span>
        </span>
        <ChevronDown className="mt-0.5 size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid grid-cols-1 gap-5 border-t border-slate-200 p-4">
        <p className="text-sm text-slate-600">{t('create.moreSettingsHint')}</p>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field id="group-frequency" label={t('create.frequency')}>
            <select
              {...fieldAria('group-frequency')}
              className={selectClass}
              {...form.register('frequency', {
                onChange: (e) => resetDay(e.target.value, form.getValues('startDate')),
              })}
            >
              {frequencies.map((f) => (
                <option key={f} value={f}>
                  {t(`frequency.${f}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="group-day"
            label={monthly ? t('create.dayOfMonth') : t('create.dayOfWeek')}
            hint={monthly ? t('create.dayHint') : undefined}
            error={errors.contributionDay}
          >
            <select
              key={frequency}
              {...fieldAria('group-day', errors.contributionDay, monthly)}
              className={selectClass}
              {...form.register('contributionDay', { valueAsNumber: true })}
            >
              {days.map((d) => (
                <option key={d} value={d}>
                  {dayLabel(frequency, d)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="group-grace"
            label={t('create.grace')}
            hint={t('create.graceHint')}
            error={errors.gracePeriodDays}
          >
            <select
              {...fieldAria('group-grace', errors.gracePeriodDays, true)}
              className={selectClass}
              {...form.register('gracePeriodDays', { valueAsNumber: true })}
            >
              {graceDays.map((d) => (
                <option key={d} value={d}>
                  {t('create.graceDays', { count: d })}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="group-start"
            label={t('create.startDate')}
            hint={t('create.startDateHint')}
            error={errors.startDate}
          >
            <Input
              {...fieldAria('group-start', errors.startDate, true)}
              type="date"
              min={localToday()}
              {...form.register('startDate', {
                onChange: (e) => resetDay(form.getValues('frequency'), e.target.value),
              })}
            />
          </Field>
        </div>
        <RotationChoice register={form.register('rotationMethod')} />
        <RequireApprovalSetting register={form.register('requireApproval')} />
      </div>
    </details>
  );
}
