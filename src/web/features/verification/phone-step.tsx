import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { phoneNumberField } from '#shared/schemas/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useFormat } from '#web/lib/format.ts';
import { CodeForm } from './code-form.tsx';
import type { OwnVerification } from './queries.ts';
import { StepFrame, StepText } from './step-frame.tsx';
import { useConfirmCode, useSendPhoneCode } from './use-verification-actions.ts';

const numberForm = z.object({ phoneNumber: phoneNumberField });
type NumberForm = z.infer<typeof numberForm>;

/**
 * Phone: the number, then the six-digit code texted to it. A code already on its way can be entered
 * after closing the dialog or a reload: the server knows where it went.
 */
export function PhoneStep({ me }: { me: OwnVerification }) {
  const { t } = useTranslation('verification');
  const number = useFormat().ltr(me.phoneNumber ?? '');
  const [editing, setEditing] = useState(false);
  const form = useForm<NumberForm>({ resolver: zodResolver(numberForm), defaultValues: { phoneNumber: '' } });
  const { errors } = form.formState;
  const send = useSendPhoneCode(() => setEditing(false));
  const confirm = useConfirmCode<{ code: string }>('/api/verification/phone', t('toast.phoneVerified'));

  if (me.phone === 'verified')
    return (
      <StepFrame check="phone" status="verified">
        <StepText>{t('dialog.phone.verified', { number })}</StepText>
      </StepFrame>
    );

  const awaitingCode = me.phone === 'pending' && !editing && !send.isPending;
  return (
    <StepFrame check="phone" status={me.phone}>
      {awaitingCode ? (
        <>
          <CodeForm
            id="verification-phone-code"
            label={t('dialog.phone.code')}
            hint={t('dialog.phone.codeHint', { number })}
            submitLabel={t('dialog.phone.verify')}
            confirm={confirm}
            onCode={(code) => confirm.mutate({ code })}
          />
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              confirm.reset();
              setEditing(true);
            }}
          >
            {t('dialog.phone.resend')}
          </Button>
        </>
      ) : (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={form.handleSubmit(({ phoneNumber }) => send.mutate(phoneNumber))}
        >
          {me.phone === 'failed' && <StepText>{t('dialog.phone.failed')}</StepText>}
          <Field
            id="verification-phone"
            label={t('dialog.phone.number')}
            hint={t('dialog.phone.numberHint')}
            error={errors.phoneNumber}
          >
            <Input
              {...fieldAria('verification-phone', errors.phoneNumber, true)}
              type="tel"
              dir="ltr"
              className="text-start"
              autoComplete="tel"
              {...form.register('phoneNumber')}
            />
          </Field>
          <Button type="submit" className="justify-self-start" disabled={send.isPending}>
            {send.isPending ? t('dialog.sending') : t('dialog.phone.send')}
          </Button>
        </form>
      )}
    </StepFrame>
  );
}
