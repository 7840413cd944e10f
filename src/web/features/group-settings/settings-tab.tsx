import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GroupSettings, SETTINGS_BOUNDS } from '#shared/schemas/group-settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { selectClass } from '#web/components/ui/field.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { useFormat } from '#web/lib/format.ts';
import { groupSettingsQueries, useSaveGroupSettings } from './queries.ts';
import { RulesCard } from './rules-card.tsx';

const numberFields = [
  'gracePeriodDays',
  'penaltyPercentage',
  'minCreditScore',
  'emergencyFundPercentage',
] as const;
const switchFields = [
  'requireApproval',
  'autoRejectBelowMinCredit',
  'autoRemoveInactive',
  'peerRatingEnabled',
  'autoPayoutEnabled',
  'communicationRestrictions',
] as const;

/** /group-management Settings tab: the form for admins, a read-only view for members; then the rules. */
export function GroupSettingsTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groupSettings');
  const format = useFormat();
  const query = useQuery(groupSettingsQueries.settings(groupId));
  const save = useSaveGroupSettings(groupId);
  const [draft, setDraft] = useState<GroupSettings | null>(null);
  useEffect(() => setDraft(query.data?.settings ?? null), [query.data]);

  if (query.isPending) return <TabSkeleton label={t('loading')} cards={2} />;
  if (query.isError || !draft)
    return (
      <TabLoadFailed
        message={t('loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { effects, canEdit } = query.data;
  // The hints name amounts as the app writes money everywhere (currency, the reader's digits).
  const amounts = {
    contributionAmount: format.money(effects.contributionAmount),
    penaltyAmount: format.money(effects.penaltyAmount),
    emergencyShareAmount: format.money(effects.emergencyShareAmount),
    payoutAmount: format.money(effects.payoutAmount),
  };
  const set = <K extends keyof GroupSettings>(key: K, value: GroupSettings[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const disabled = (key: keyof GroupSettings) =>
    !canEdit || save.isPending || (key === 'emergencyFundPercentage' && !effects.emergencyFundEditable);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>{t('title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          {!canEdit && (
            <div
              role="note"
              className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
            >
              <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div className="min-w-0">
                <p className="font-semibold">{t('adminRequired')}</p>
                <p>{t('adminRequiredBody')}</p>
              </div>
            </div>
          )}
          <form onSubmit={submit} className="grid grid-cols-1 gap-5" data-testid="group-settings-form">
            {numberFields.map((key) => (
              <div key={key} className="grid grid-cols-1 gap-1.5">
                <Label htmlFor={`gs-${key}`}>{t(`fields.${key}`)}</Label>
                <Input
                  id={`gs-${key}`}
                  type="number"
                  inputMode="numeric"
                  min={SETTINGS_BOUNDS[key].min}
                  max={SETTINGS_BOUNDS[key].max}
                  required
                  value={draft[key]}
                  disabled={disabled(key)}
                  aria-describedby={`gs-${key}-hint`}
                  onChange={(e) => set(key, Number(e.target.value))}
                />
                <p id={`gs-${key}-hint`} className="break-words text-xs text-slate-600">
                  {t(`hints.${key}`, {
                    ...SETTINGS_BOUNDS[key],
                    ...effects,
                    ...amounts,
                    ...query.data.settings,
                  })}
                  {key === 'emergencyFundPercentage' &&
                    (effects.emergencyFundEditable
                      ? ` ${t('hints.emergencySuggestion', { percent: effects.suggestedEmergencyFundPercentage })}`
                      : ` ${t('hints.emergencyLocked')}`)}
                </p>
              </div>
            ))}
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor="gs-maxMissedPayments">{t('fields.maxMissedPayments')}</Label>
              <select
                id="gs-maxMissedPayments"
                className={selectClass}
                value={draft.maxMissedPayments}
                disabled={disabled('maxMissedPayments')}
                aria-describedby="gs-maxMissedPayments-hint"
                onChange={(e) => set('maxMissedPayments', Number(e.target.value) as 1 | 2 | 3)}
              >
                {[1, 2, 3].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <p id="gs-maxMissedPayments-hint" className="text-xs text-slate-600">
                {t('hints.maxMissedPayments', { n: draft.maxMissedPayments })}
              </p>
            </div>
            <ul className="grid grid-cols-1 gap-4">
              {switchFields.map((key) => (
                <li key={key} className="flex items-start justify-between gap-4">
                  <div className="min-w-0">
                    <p id={`gs-${key}-label`} className="text-sm font-medium text-slate-900">
                      {t(`fields.${key}`)}
                    </p>
                    <p id={`gs-${key}-hint`} className="break-words text-xs text-slate-600">
                      {t(`hints.${key}`, { minCreditScore: draft.minCreditScore })}
                    </p>
                  </div>
                  <Switch
                    aria-labelledby={`gs-${key}-label`}
                    aria-describedby={`gs-${key}-hint`}
                    checked={draft[key]}
                    disabled={disabled(key)}
                    onCheckedChange={(on) => set(key, on)}
                    data-testid={`gs-${key}`}
                  />
                </li>
              ))}
            </ul>
            {canEdit && (
              <div>
                <Button type="submit" disabled={save.isPending}>
                  {t('save')}
                </Button>
              </div>
            )}
          </form>
        </CardContent>
      </Card>
      <RulesCard groupId={groupId} />
    </div>
  );
}
