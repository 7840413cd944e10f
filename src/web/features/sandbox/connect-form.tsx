import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountTypes } from '#shared/bank.ts';
import { type BankDetailsForm, bankDetailsFormSchema } from '#shared/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, selectClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { TestAccounts } from './test-accounts.tsx';

const RETURN_URL = '/bank-account?session_complete=true';
const emptyForm: BankDetailsForm = {
  bankName: '',
  routingNumber: '',
  accountNumber: '',
  confirmAccountNumber: '',
  accountType: 'checking',
};

/** Bank details, checked here with the shared schema (ABA checksum included) and again by the server. */
export function ConnectForm({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('bankAccount');
  const [, navigate] = useLocation();
  const form = useForm<BankDetailsForm>({
    resolver: zodResolver(bankDetailsFormSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const complete = useActionMutation({
    mutationFn: ({ confirmAccountNumber: _, ...account }: BankDetailsForm) =>
      apiRequest('POST', '/api/complete-bank-connection', { sessionId, account }),
    success: { shownOnScreen: 'back on the bank account page, which shows the new account' },
    onSuccess: () => navigate(RETURN_URL),
    failure: { title: t('toast.connectionFailed'), fallbackKey: 'bankAccount:toast.connectFailed' },
  });

  const fill = (accountNumber: string, routingNumber: string) => {
    const options = { shouldValidate: form.formState.isSubmitted };
    form.setValue('routingNumber', routingNumber, options);
    form.setValue('accountNumber', accountNumber, options);
    form.setValue('confirmAccountNumber', accountNumber, options);
  };

  const digits = (name: 'routingNumber' | 'accountNumber' | 'confirmAccountNumber', hint = false) => ({
    ...fieldAria(`sandbox-${name}`, errors[name], hint),
    dir: 'ltr' as const,
    className: 'text-start font-mono tracking-wide',
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    ...form.register(name),
  });

  return (
    <div className="grid gap-6">
      <form
        className="grid grid-cols-1 gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => complete.mutate(values))}
      >
        <Field id="sandbox-bankName" label={t('sandbox.bankName')} error={errors.bankName}>
          <Input
            {...fieldAria('sandbox-bankName', errors.bankName)}
            autoComplete="off"
            {...form.register('bankName')}
          />
        </Field>
        <Field
          id="sandbox-routingNumber"
          label={t('sandbox.routingNumber')}
          hint={t('sandbox.routingHint')}
          error={errors.routingNumber}
        >
          <Input {...digits('routingNumber', true)} maxLength={9} />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id="sandbox-accountNumber" label={t('sandbox.accountNumber')} error={errors.accountNumber}>
            <Input {...digits('accountNumber')} maxLength={17} />
          </Field>
          <Field
            id="sandbox-confirmAccountNumber"
            label={t('sandbox.confirmAccountNumber')}
            error={errors.confirmAccountNumber}
          >
            <Input {...digits('confirmAccountNumber')} maxLength={17} />
          </Field>
        </div>
        <Field id="sandbox-accountType" label={t('sandbox.accountType')} error={errors.accountType}>
          <select
            {...fieldAria('sandbox-accountType', errors.accountType)}
            className={selectClass}
            {...form.register('accountType')}
          >
            {accountTypes.map((type) => (
              <option key={type} value={type}>
                {t(`accountType.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => navigate('/bank-account')}>
            {t('sandbox.cancel')}
          </Button>
          <Button type="submit" disabled={complete.isPending}>
            {complete.isPending ? t('sandbox.submitting') : t('sandbox.submit')}
          </Button>
        </div>
      </form>
      <TestAccounts onUse={fill} />
    </div>
  );
}
