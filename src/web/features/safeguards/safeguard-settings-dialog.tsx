import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { SafeguardRule } from './queries.ts';
import { useSafeguardText } from './safeguard-text.ts';
import { fromInput, type SettingField, settingFields, toInput } from './settings-fields.ts';
import { useUpdateSafeguard } from './use-security-actions.ts';

type Props = {
  rule: SafeguardRule;
  /** enable: the switch was turned on and the rule needs its settings first; edit: the rule is on. */
  mode: 'enable' | 'edit';
  groupId: number;
  maxApprovals: number;
  /** Member vote is on in a running circle: easing this rule will wait for the members. */
  voteApplies: boolean;
  /** Opened from a switch or a button, not a trigger: focus goes back there on close. */
  returnFocus: HTMLElement | null;
  onClose: () => void;
};

/** Admin: a rule's settings, checked here against the bounds the server accepts, sent in cents. */
export function SafeguardSettingsDialog(props: Props) {
  const { t } = useTranslation('security');
  const format = useFormat();
  const text = useSafeguardText();
  const ids = useId();
  const { rule } = props;
  const fields = settingFields(rule.type, props.maxApprovals);
  const [values, setValues] = useState(() =>
    Object.fromEntries(fields.map((f) => [f.key, toInput(f, rule.configuration[f.key])])),
  );
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateSafeguard(props.groupId);

  const parsed = Object.fromEntries(fields.map((f) => [f.key, fromInput(f, values[f.key] ?? '')]));
  const rangeError = (f: SettingField) =>
    f.kind === 'money'
      ? t('settings.amountRange', {
          min: format.money(toInput(f, f.min)),
          max: format.money(toInput(f, f.max)),
        })
      : t('settings.wholeNumber', { min: format.number(f.min), max: format.number(f.max) });
  const errors: Record<string, string | undefined> = Object.fromEntries(
    fields.map((f) => [f.key, parsed[f.key] === null ? rangeError(f) : undefined]),
  );
  const { perWithdrawalCents: single, dailyCents: daily } = parsed;
  if (rule.type === 'transaction_limits' && single != null && daily != null && single > daily)
    errors.perWithdrawalCents = t('settings.singleOverDaily');
  const valid = Object.values(errors).every((e) => e === undefined);

  const submit = () => {
    setSubmitted(true);
    if (!valid) return;
    update.mutate(
      {
        type: rule.type,
        enabled: true,
        configuration: parsed as Record<string, number>,
        change: props.mode === 'enable' ? 'on' : 'settings',
      },
      { onSuccess: props.onClose },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        props.returnFocus?.focus();
      }}
      title={
        props.mode === 'enable'
          ? t('settings.enableTitle', { name: text.name(rule.type) })
          : t('settings.editTitle', { name: text.name(rule.type) })
      }
      description={text.description(rule.type)}
      cancelLabel={t('cancel')}
      submitLabel={props.mode === 'enable' ? t('settings.enableSubmit') : t('settings.save')}
      pendingLabel={t('settings.saving')}
      pending={update.isPending}
      onSubmit={submit}
      submitTestId="save-safeguard"
    >
      <div className="grid gap-4">
        {fields.map((f) => {
          const id = `${ids}-${f.key}`;
          const error = submitted ? errors[f.key] : undefined;
          return (
            <div key={f.key} className="grid gap-1.5">
              <Label htmlFor={id}>{t(`settings.fields.${f.key}`)}</Label>
              <Input
                id={id}
                value={values[f.key] ?? ''}
                inputMode={f.kind === 'money' ? 'decimal' : 'numeric'}
                autoComplete="off"
                dir="ltr"
                className="text-start"
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                onChange={(event) => setValues((v) => ({ ...v, [f.key]: event.target.value }))}
              />
              <p id={`${id}-hint`} className="text-xs text-slate-600">
                {t(`settings.hints.${f.key}`, {
                  min: f.kind === 'money' ? format.money(toInput(f, f.min)) : format.number(f.min),
                  max: f.kind === 'money' ? format.money(toInput(f, f.max)) : format.number(f.max),
                })}
              </p>
              <FieldError id={`${id}-error`} message={error} />
            </div>
          );
        })}
        {props.voteApplies && <p className="text-sm text-amber-900">{t('settings.voteNote')}</p>}
      </div>
    </FormDialog>
  );
}
