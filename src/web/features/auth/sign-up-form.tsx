import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SignUpForm as SignUpValues, signUpFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FormField, fieldAria } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { useRegister } from './use-auth.ts';

export function SignUpForm() {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { username: '', email: '', fullName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  // The confirmation is checked here and never sent.
  const submit = form.handleSubmit(({ confirmPassword: _, ...values }) => register.mutate(values));
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <FormField id="signup-username" label={t('fields.username')} error={errors.username}>
        <Input
          {...fieldAria('signup-username', errors.username)}
          autoComplete="username"
          {...form.register('username')}
        />
      </FormField>
      <FormField id="signup-email" label={t('fields.email')} error={errors.email}>
        <Input
          {...fieldAria('signup-email', errors.email)}
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </FormField>
      <FormField id="signup-fullName" label={t('fields.fullName')} error={errors.fullName}>
        <Input
          {...fieldAria('signup-fullName', errors.fullName)}
          autoComplete="name"
          {...form.register('fullName')}
        />
      </FormField>
      <FormField id="signup-password" label={t('fields.password')} error={errors.password}>
        <PasswordInput
          {...fieldAria('signup-password', errors.password)}
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <FormField
        id="signup-confirmPassword"
        label={t('fields.confirmPassword')}
        error={errors.confirmPassword}
      >
        <PasswordInput
          {...fieldAria('signup-confirmPassword', errors.confirmPassword)}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? t('creatingAccount') : t('createAccount')}
      </Button>
    </form>
  );
}
