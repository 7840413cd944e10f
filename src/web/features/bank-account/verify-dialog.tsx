import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type BankAccountView, microDepositAmount } from '#shared/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { refreshBankAccounts } from './queries.ts';

const depositsForm = z.object({ first: microDepositAmount, second: microDepositAmount });
type DepositsForm = z.infer<typeof depositsForm>;

/** The two micro-deposit amounts, checked by the server; wrong pairs count toward the lock. */
export function VerifyDialog({ account }: { account: BankAccountView }) {
  const { t } = useTranslation('bankAccount');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const form = useForm<DepositsForm>({
    resolver: zodResolver(depositsForm),
    defaultValues: { first: '', second: '' },
  });
  const { errors } = form.formState;
  const names = { bankName: account.bankName, last4: account.last4 };
  const verify = useActionMutation({
    mutationFn: (values: DepositsForm) =>
      apiRequest('POST', `/api/bank-accounts/${account.id}/verify`, {
        amounts: [values.first, values.second],
      }),
    success: () => ({ title: t('toast.verified'), description: t('toast.verifiedBody', names) }),
    onSuccess: () => setOpen(false),
    failure: { shownOnScreen: "the dialog's error line, with the attempts left" },
    // Attempts left and a lock show in the list, so it is refreshed after every answer.
    onSettled: () => refreshBankAccounts(),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset({ first: '', second: '' });
          verify.reset();
        }
      }}
      trigger={
        <Button size="sm">
          <BadgeCheck />
          {t('actions.verify')}
        </Button>
      }
      title={t('verify.title', names)}
      description={t('verify.description')}
      error={verify.isError ? errorText(verify.error, 'bankAccount:verify.failed') : null}
      cancelLabel={t('verify.cancel')}
      submitLabel={t('verify.submit')}
      pendingLabel={t('verify.submitting')}
      pending={verify.isPending}
      onSubmit={form.handleSubmit((values) => verify.mutate(values))}
    >
      <div className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {(['first', 'second'] as const).map((name) => (
            <Field key={name} id={`deposit-${name}`} label={t(`verify.${name}`)} error={errors[name]}>
              <div className="relative" dir="ltr">
                <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
                  $
                </span>
                <Input
                  {...fieldAria(`deposit-${name}`, errors[name])}
                  className="ps-7"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('verify.placeholder')}
                  {...form.register(name)}
                />
              </div>
            </Field>
          ))}
        </div>
        <p className="text-sm text-slate-600">
          {t('pending.attemptsLeft', { count: account.verificationAttemptsLeft })}
        </p>
      </div>
    </FormDialog>
  );
}
