import type { ReactNode } from 'react';
import type { FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError, Label } from './input.tsx';

/** Message key of a form error: a shared validation key, or a namespaced key ("groups:…"). */
function useMessage(key?: string) {
  const { t } = useTranslation();
  if (!key) return undefined;
  return key.includes(':') ? t(key) : t(`validation.${key}`);
}

/** Label, control, optional hint and translated error, wired for assistive technology by `fieldAria`. */
export function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error?: HookFieldError;
  children: ReactNode;
}) {
  const message = useMessage(props.error?.message);
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.hint && (
        <p id={`${props.id}-hint`} className="text-xs text-slate-600">
          {props.hint}
        </p>
      )}
      <FieldError id={`${props.id}-error`} message={message} />
    </div>
  );
}

export function fieldAria(id: string, error?: HookFieldError, hasHint = false) {
  const describedBy = [hasHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

export const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-600 aria-invalid:border-red-600';

export const textareaClass =
  'min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-invalid:border-red-600';
