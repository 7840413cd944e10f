import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityDocumentTypes } from '#shared/identity.ts';
import { type SandboxIdentityInput, sandboxIdentitySchema } from '#shared/schemas/identity.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, selectClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { identitySessionQuery, identitySessionUrl } from './identity-session-query.ts';
import { TestDocuments } from './test-documents.tsx';

const empty: SandboxIdentityInput = {
  legalName: '',
  dateOfBirth: '',
  documentType: 'passport',
  documentNumber: '',
};

/** Name, birth date and document, checked here and by the sandbox; none of it is kept. */
export function IdentityForm({ session }: { session: string }) {
  const { t } = useTranslation('verification');
  const queryClient = useQueryClient();
  const form = useForm<SandboxIdentityInput>({
    resolver: zodResolver(sandboxIdentitySchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const submit = useActionMutation({
    mutationFn: (values: SandboxIdentityInput) =>
      apiRequest('POST', `${identitySessionUrl(session)}/submit`, values),
    success: { shownOnScreen: 'the session moves to its next state on this page' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: identitySessionQuery(session).queryKey }),
    failure: {
      title: t('sandboxIdentity.failedToast'),
      fallbackKey: 'verification:sandboxIdentity.failedToastBody',
    },
  });
  const text = (name: 'legalName' | 'documentNumber', extra: object = {}) => ({
    ...fieldAria(`identity-${name}`, errors[name]),
    autoComplete: 'off',
    ...extra,
    ...form.register(name),
  });

  return (
    <div className="grid gap-6">
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
        <Field id="identity-legalName" label={t('sandboxIdentity.legalName')} error={errors.legalName}>
          <Input {...text('legalName', { autoComplete: 'name' })} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="identity-dateOfBirth"
            label={t('sandboxIdentity.dateOfBirth')}
            error={errors.dateOfBirth}
          >
            <Input
              {...fieldAria('identity-dateOfBirth', errors.dateOfBirth)}
              type="date"
              autoComplete="bday"
              {...form.register('dateOfBirth')}
            />
          </Field>
          <Field
            id="identity-documentType"
            label={t('sandboxIdentity.documentType')}
            error={errors.documentType}
          >
            <select
              {...fieldAria('identity-documentType', errors.documentType)}
              className={selectClass}
              {...form.register('documentType')}
            >
              {identityDocumentTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`sandboxIdentity.documentTypes.${type}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          id="identity-documentNumber"
          label={t('sandboxIdentity.documentNumber')}
          error={errors.documentNumber}
        >
          <Input
            {...text('documentNumber', { dir: 'ltr', className: 'text-start font-mono tracking-wide' })}
          />
        </Field>
        <Button type="submit" className="justify-self-end" disabled={submit.isPending}>
          {submit.isPending ? t('sandboxIdentity.submitting') : t('sandboxIdentity.submit')}
        </Button>
      </form>
      <TestDocuments
        onUse={(number) =>
          form.setValue('documentNumber', number, { shouldValidate: form.formState.isSubmitted })
        }
      />
    </div>
  );
}
