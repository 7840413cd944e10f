import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type ResetPasswordForm, resetPasswordFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { AccountLinkFrame, Notice, tokenFromLocation } from './account-link-frame.tsx';
import { accountLinkRequests } from './account-link-requests.ts';
import { FormField, fieldAria } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { useSignedIn } from './use-auth.ts';

const LINK_REFUSALS = new Set(['LINK_INVALID', 'LINK_EXPIRED', 'LINK_USED']);

/** A new password from an emailed link; success signs this browser in (every other session has ended). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const signedIn = useSignedIn();
  const token = tokenFromLocation();
  const reset = useActionMutation({
    mutationFn: (password: string) => accountLinkRequests.resetPassword(token, password),
    success: () => ({ title: t('reset.done'), description: t('reset.doneBody') }),
    onSuccess: signedIn,
    failure: { shownOnScreen: 'a notice above the button, or the bad-link page' },
  });
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const badLink = !token || (reset.error instanceof ApiError && LINK_REFUSALS.has(reset.error.code ?? ''));

  if (badLink)
    return (
      <AccountLinkFrame title={t('reset.badLinkTitle')}>
        <Notice tone="error" testId="reset-bad-link">
          {token ? errorText(reset.error, 'common:errors.LINK_INVALID') : t('common:errors.LINK_INVALID')}
        </Notice>
        <Link href="/forgot-password" className="text-sm text-brand-700 underline-offset-4 hover:underline">
          {t('reset.askAgain')}
        </Link>
      </AccountLinkFrame>
    );

  return (
    <AccountLinkFrame title={t('reset.title')}>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => reset.mutate(values.password))}
      >
        <FormField id="reset-password" label={t('reset.newPassword')} error={errors.password}>
          <PasswordInput
            {...fieldAria('reset-password', errors.password)}
            autoComplete="new-password"
            {...form.register('password')}
          />
        </FormField>
        <FormField id="reset-confirm" label={t('fields.confirmPassword')} error={errors.confirmPassword}>
          <PasswordInput
            {...fieldAria('reset-confirm', errors.confirmPassword)}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>
        {reset.isError && <Notice tone="error">{errorText(reset.error, 'auth:reset.failed')}</Notice>}
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
    </AccountLinkFrame>
  );
}
