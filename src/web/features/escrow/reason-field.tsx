import { useTranslation } from 'react-i18next';
import { textareaClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';

export const REASON_MAX = 500;

/** A required text of 1–500 characters (a dispute's reason, its resolution), with a live count. */
export function ReasonField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('escrow');
  const format = useFormat();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <textarea
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        maxLength={REASON_MAX}
        required
        dir="auto"
        aria-describedby={`${props.id}-hint`}
        className={cn(textareaClass, 'min-h-28')}
      />
      <p id={`${props.id}-hint`} className="flex justify-between gap-3 text-xs text-slate-600">
        <span>{props.hint}</span>
        <span className="shrink-0 tabular-nums">
          {t('reasonCount', { length: format.number(props.value.length), max: format.number(REASON_MAX) })}
        </span>
      </p>
    </div>
  );
}
