import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { verificationCodeField } from '#shared/schemas/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useErrorText } from '#web/lib/use-error-text.ts';

const codeForm = z.object({ code: verificationCodeField });
type CodeForm = z.infer<typeof codeForm>;

/** The six-digit code field and its button; a refused code is said in place, with the server's reason. */
export function CodeForm(props: {
  id: string;
  label: string;
  hint: string;
  submitLabel: string;
  // biome-ignore lint/suspicious/noExplicitAny: any mutation that takes the code
  confirm: UseMutationResult<unknown, Error, any>;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('verification');
  const errorText = useErrorText();
  const form = useForm<CodeForm>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const { errors } = form.formState;
  return (
    <form className="grid gap-3" noValidate onSubmit={form.handleSubmit(({ code }) => props.onCode(code))}>
      <Field id={props.id} label={props.label} hint={props.hint} error={errors.code}>
        <Input
          {...fieldAria(props.id, errors.code, true)}
          dir="ltr"
          className="max-w-40 text-start font-mono tracking-widest"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
        />
      </Field>
      {props.confirm.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errorText(props.confirm.error, 'verification:dialog.codeFailed')}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={props.confirm.isPending}>
        {props.confirm.isPending ? t('dialog.checking') : props.submitLabel}
      </Button>
    </form>
  );
}
