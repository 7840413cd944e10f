import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import type { OwnVerification } from './queries.ts';
import { StepFrame, StepText } from './step-frame.tsx';
import { useStartBankVerification } from './use-verification-actions.ts';

export function BankStep({ me }: { me: OwnVerification }) {
  const { t } = useTranslation('verification');
  const bank = useStartBankVerification();
  const status = me.bankAccount;
  return (
    <StepFrame check="bankAccount" status={status}>
      <StepText>
        {status === 'verified'
          ? t('dialog.bank.verified')
          : status === 'pending'
            ? t('dialog.bank.pending')
            : status === 'failed'
              ? t('dialog.bank.failed')
              : t('dialog.bank.body')}
      </StepText>
      {status === 'not_started' && (
        <Button className="justify-self-start" onClick={() => bank.mutate()} disabled={bank.isPending}>
          <Landmark aria-hidden />
          {bank.isPending ? t('dialog.opening') : t('dialog.bank.start')}
        </Button>
      )}
      {(status === 'pending' || status === 'failed') && (
        <Button asChild variant="secondary" className="justify-self-start">
          <Link href="/bank-account">{t('dialog.bank.goToBank')}</Link>
        </Button>
      )}
    </StepFrame>
  );
}
