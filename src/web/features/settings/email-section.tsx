import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { type ChangeEmailInput, changeEmailSchema } from '#shared/schemas/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FormField, fieldAria } from '#web/features/auth/form-field.tsx';
import { PasswordInput } from '#web/features/auth/password-input.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { SectionCard } from './section-card.tsx';
import { settingsRequests } from './settings-requests.ts';

/** A new address is confirmed by the link sent to it; until then the current one stays. */
export function EmailSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const errorText = useErrorText();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const change = useActionMutation({
    mutationFn: settingsRequests.changeEmail,
    success: { shownOnScreen: 'a notice under the form: check the new inbox' },
    failure: { shownOnScreen: 'the reason under the form' },
    onSuccess: () => form.reset(),
  });
  return (
    <SectionCard
      id="email"
      title={t('email.title')}
      description={t('email.current', { email: format.own(user.email) })}
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <FormField id="email-new" label={t('email.new')} error={errors.newEmail}>
          <Input
            {...fieldAria('email-new', errors.newEmail)}
            type="email"
            autoComplete="email"
            dir="ltr"
            {...form.register('newEmail')}
          />
        </FormField>
        <FormField id="email-password" label={t('password.current')} error={errors.currentPassword}>
          <PasswordInput
            {...fieldAria('email-password', errors.currentPassword)}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
        {change.isSuccess && (
          <p role="status" className="text-sm text-emerald-700" data-testid="email-sent">
            {t('email.sent')}
          </p>
        )}
        {change.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(change.error, 'settings:email.failed')}
          </p>
        )}
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {t('email.submit')}
        </Button>
      </form>
    </SectionCard>
  );
}
