import type { ReactNode } from 'react';
import type { FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError, Label } from '#web/components/ui/input.tsx';

/** Label, control and the translated message of the shared schema's validation key. */
export function FormField(props: { id: string; label: string; error?: HookFieldError; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      <FieldError
        id={`${props.id}-error`}
        message={props.error?.message && t(`validation.${props.error.message}`)}
      />
    </div>
  );
}

/** Accessibility wiring for an input that may carry an error. */
export function fieldAria(id: string, error?: HookFieldError) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}
