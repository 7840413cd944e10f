import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordForm, changePasswordFormSchema } from '#shared/schemas/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldAria } from '#web/features/auth/form-field.tsx';
import { PasswordInput } from '#web/features/auth/password-input.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { SectionCard } from './section-card.tsx';
import { settingsKeys, settingsRequests } from './settings-requests.ts';

/** Current password, then the new one twice; every other device is signed out. */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const change = useActionMutation({
    mutationFn: (values: ChangePasswordForm) =>
      settingsRequests.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }),
    success: () => ({ title: t('password.done'), description: t('password.doneBody') }),
    failure: { shownOnScreen: 'the reason under the form' },
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    },
  });
  return (
    <SectionCard id="password" title={t('password.title')} description={t('password.description')}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <FormField id="password-current" label={t('password.current')} error={errors.currentPassword}>
          <PasswordInput
            {...fieldAria('password-current', errors.currentPassword)}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
        <FormField id="password-new" label={t('password.new')} error={errors.newPassword}>
          <PasswordInput
            {...fieldAria('password-new', errors.newPassword)}
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
        </FormField>
        <FormField id="password-confirm" label={t('password.confirm')} error={errors.confirmPassword}>
          <PasswordInput
            {...fieldAria('password-confirm', errors.confirmPassword)}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>
        {change.isError && (
          <p role="alert" className="text-sm text-red-700" data-testid="password-error">
            {errorText(change.error, 'settings:password.failed')}
          </p>
        )}
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? t('saving') : t('password.submit')}
        </Button>
      </form>
    </SectionCard>
  );
}
