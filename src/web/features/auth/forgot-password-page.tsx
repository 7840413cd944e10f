import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type ForgotPasswordInput, forgotPasswordSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { AccountLinkFrame, Notice } from './account-link-frame.tsx';
import { accountLinkRequests } from './account-link-requests.ts';
import { FormField, fieldAria } from './form-field.tsx';

/** Asks for a reset link; the answer is the same whether or not an account has the address. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const request = useActionMutation({
    mutationFn: accountLinkRequests.forgotPassword,
    success: { shownOnScreen: 'the page turns into "check your email"' },
    failure: { shownOnScreen: 'a notice above the button' },
  });
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  return (
    <AccountLinkFrame title={t('forgot.title')}>
      {request.isSuccess ? (
        <Notice tone="success" testId="forgot-sent">
          {t('forgot.sent')}
        </Notice>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) => request.mutate(values))}
        >
          <p className="text-sm text-slate-600">{t('forgot.intro')}</p>
          <FormField id="forgot-email" label={t('fields.email')} error={errors.email}>
            <Input
              {...fieldAria('forgot-email', errors.email)}
              type="email"
              autoComplete="email"
              {...form.register('email')}
            />
          </FormField>
          {request.isError && <Notice tone="error">{errorText(request.error, 'auth:forgot.failed')}</Notice>}
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? t('forgot.sending') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <Link href="/auth" className="text-sm text-brand-700 underline-offset-4 hover:underline">
        {t('backToSignIn')}
      </Link>
    </AccountLinkFrame>
  );
}
