import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type LoginInput, loginSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FormField, fieldAria } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { useLogin } from './use-auth.ts';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <FormField id="login-username" label={t('fields.username')} error={errors.username}>
        <Input
          {...fieldAria('login-username', errors.username)}
          autoComplete="username"
          {...form.register('username')}
        />
      </FormField>
      <FormField id="login-password" label={t('fields.password')} error={errors.password}>
        <PasswordInput
          {...fieldAria('login-password', errors.password)}
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('login')}
      </Button>
      <Link
        href="/forgot-password"
        className="justify-self-center text-sm text-brand-700 underline-offset-4 hover:underline"
      >
        {t('forgotPassword')}
      </Link>
    </form>
  );
}
