import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostalAddress } from '#shared/schemas/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useFormat } from '#web/lib/format.ts';
import { AddressForm } from './address-form.tsx';
import { CodeForm } from './code-form.tsx';
import type { OwnVerification } from './queries.ts';
import { StepFrame, StepText } from './step-frame.tsx';
import { useConfirmCode, useSendLetter } from './use-verification-actions.ts';

/** "12 Harbor St, Springfield": enough to recognise one's own address. */
const shortAddress = (a: PostalAddress | null) => (a ? `${a.line1}, ${a.city}` : '');

/** Address: the address, then the code from the letter mailed to it (days later, so it survives a reload). */
export function AddressStep({ me }: { me: OwnVerification }) {
  const { t } = useTranslation('verification');
  const [editing, setEditing] = useState(false);
  const send = useSendLetter(() => setEditing(false));
  const confirm = useConfirmCode<{ code: string }>(
    '/api/verification/address/confirm',
    t('toast.addressVerified'),
  );
  const status = me.address;
  const address = useFormat().own(shortAddress(me.postalAddress));

  if (status === 'verified')
    return (
      <StepFrame check="address" status="verified">
        <StepText>{t('dialog.address.verified', { address })}</StepText>
      </StepFrame>
    );

  return (
    <StepFrame check="address" status={status}>
      {status === 'pending' && !editing ? (
        <>
          <StepText>{t('dialog.address.pending', { address })}</StepText>
          <CodeForm
            id="verification-address-code"
            label={t('dialog.address.code')}
            hint={t('dialog.address.codeHint')}
            submitLabel={t('dialog.address.confirm')}
            confirm={confirm}
            onCode={(code) => confirm.mutate({ code })}
          />
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
            {t('dialog.address.resend')}
          </Button>
        </>
      ) : (
        <>
          <StepText>{status === 'failed' ? t('dialog.address.failed') : t('dialog.address.body')}</StepText>
          <AddressForm initial={me.postalAddress} sending={send.isPending} onSend={(a) => send.mutate(a)} />
        </>
      )}
    </StepFrame>
  );
}
