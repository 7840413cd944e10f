import { useTranslation } from 'react-i18next';
import { selectClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import type { GroupSummary } from '#web/features/groups/types.ts';

/** Which of the reader's circles to manage. */
export function GroupPicker(props: {
  groups: GroupSummary[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('groupManagement');
  return (
    <div className="grid gap-1.5 sm:w-72">
      <Label htmlFor="group-picker">{t('picker')}</Label>
      <select
        id="group-picker"
        className={selectClass}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
        data-testid="group-picker"
      >
        {props.groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}
