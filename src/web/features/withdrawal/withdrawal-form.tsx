import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { WalletView } from '#shared/schemas/withdrawals.ts';
import { type WithdrawalMethod, withdrawalRules } from '#shared/withdrawals.ts';
import { Field, fieldAria, textareaClass } from '#web/components/ui/field.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { ConfirmWithdrawalDialog } from './confirm-withdrawal-dialog.tsx';
import { DestinationAccount, useVerifiedAccounts } from './destination-account.tsx';
import { FeePreview } from './fee-preview.tsx';
import { MethodPicker } from './method-picker.tsx';
import { useMethodText } from './method-text.ts';
import { PayoutSetup, usePayoutsReady } from './payout-setup.tsx';
import { useRequestWithdrawal } from './use-request-withdrawal.ts';
import {
  AMOUNT_RANGE_KEY,
  emptyWithdrawalForm,
  type RequestWithdrawalBody,
  toRequestBody,
  type WithdrawalFormInput,
  type WithdrawalFormValues,
  withdrawalFormSchema,
} from './withdrawal-form-schema.ts';

/**
 * Method (those the payment processor pays out), amount, where it goes (bank account, wire details
 * or mailing address), fee preview, submit; and the processor's payout setup where it needs one.
 */
export function WithdrawalForm(props: { wallet?: WalletView; methods?: readonly WithdrawalMethod[] }) {
  const { wallet, methods } = props;
  const { t } = useTranslation('withdrawal');
  const tCommon = useTranslation().t;
  const methodText = useMethodText();
  const request = useRequestWithdrawal();
  const { verified } = useVerifiedAccounts();
  const payoutsReady = usePayoutsReady();
  const form = useForm<WithdrawalFormInput, unknown, WithdrawalFormValues>({
    resolver: zodResolver(withdrawalFormSchema),
    defaultValues: emptyWithdrawalForm,
  });
  const { errors } = form.formState;
  const [methodValue, amount, bankAccountId] = form.watch(['method', 'amount', 'bankAccountId']);
  const method = methodValue as WithdrawalMethod | '';
  const rule = method ? withdrawalRules[method] : null;
  const range = method ? methodText(method) : null;
  const blockedByBank = Boolean(rule?.needsBankAccount && (verified.length === 0 || !payoutsReady));
  const { setValue } = form;
  const chooseDefaultAccount = useCallback((id: string) => setValue('bankAccountId', id), [setValue]);

  // A valid form asks first (what leaves the wallet, where it goes); only "Request Withdrawal" in
  // that dialog sends it.
  const [asking, setAsking] = useState<RequestWithdrawalBody | null>(null);
  const submit = form.handleSubmit((values) => setAsking(toRequestBody(values)));
  const send = (body: RequestWithdrawalBody) =>
    request.mutate(body, {
      onSuccess: () => form.reset({ ...emptyWithdrawalForm, method: body.method, bankAccountId }),
      onSettled: () => setAsking(null),
    });

  const amountError =
    errors.amount?.message === AMOUNT_RANGE_KEY
      ? t('form.amountRange', { min: range?.min, max: range?.max })
      : undefined;
  const recipientKey = method === 'check' ? 'check' : 'wire';

  // The confirmation sits outside the form: its own submit would otherwise bubble (through the
  // portal, as React events do) into this form's.
  return (
    <>
      <ConfirmWithdrawalDialog
        body={asking}
        pending={request.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={send}
      />
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-5" data-testid="withdrawal-form">
        <PayoutSetup hasVerifiedBank={verified.length > 0} />
        <MethodPicker
          methods={methods}
          field={form.register('method')}
          selected={method}
          error={errors.method?.message ? tCommon(`validation.${errors.method.message}`) : undefined}
        />
        {rule?.needsBankAccount && (
          <DestinationAccount
            field={form.register('bankAccountId')}
            value={bankAccountId}
            onDefault={chooseDefaultAccount}
          />
        )}
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor="withdrawal-amount">{t('form.amount')}</Label>
          <div className="relative" dir="ltr">
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
              aria-hidden
            >
              $
            </span>
            <Input
              {...fieldAria('withdrawal-amount', errors.amount, Boolean(range))}
              className="ps-7 tabular-nums"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              {...form.register('amount')}
            />
          </div>
          {range && (
            <p id="withdrawal-amount-hint" className="text-xs text-slate-600">
              {t('form.amountHint', { method: range.name, min: range.min, max: range.max })}
            </p>
          )}
          <FieldError id="withdrawal-amount-error" message={amountError} />
        </div>
        {rule?.needsRecipientInfo && (
          <Field
            id="withdrawal-recipient"
            label={t(`form.recipient.${recipientKey}.label`)}
            hint={t(`form.recipient.${recipientKey}.hint`)}
            error={errors.recipientInfo}
          >
            <textarea
              {...fieldAria('withdrawal-recipient', errors.recipientInfo, true)}
              className={textareaClass}
              maxLength={500}
              placeholder={t(`form.recipient.${recipientKey}.placeholder`)}
              {...form.register('recipientInfo')}
            />
          </Field>
        )}
        <FeePreview method={method} amount={amount} wallet={wallet} />
        <MoneyButton type="submit" size="lg" disabled={request.isPending || blockedByBank}>
          {request.isPending ? t('form.submitting') : t('form.submit')}
        </MoneyButton>
      </form>
    </>
  );
}
