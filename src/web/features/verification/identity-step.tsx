import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import type { OwnVerification } from './queries.ts';
import { StepFrame, StepText } from './step-frame.tsx';
import { useStartIdentity } from './use-verification-actions.ts';

export function IdentityStep({ me }: { me: OwnVerification }) {
  const { t } = useTranslation('verification');
  const identity = useStartIdentity();
  const status = me.identity;
  return (
    <StepFrame check="identity" status={status}>
      <StepText>
        {status === 'verified'
          ? t('dialog.identity.verified')
          : status === 'pending'
            ? t('dialog.identity.pending')
            : status === 'failed'
              ? t('dialog.identity.failed')
              : t('dialog.identity.body')}
      </StepText>
      {status !== 'verified' && (
        <Button
          className="justify-self-start"
          variant={status === 'pending' ? 'secondary' : 'primary'}
          onClick={identity.start}
          disabled={identity.isPending}
        >
          <ExternalLink aria-hidden className="rtl:-scale-x-100" />
          {identity.isPending
            ? t('dialog.opening')
            : status === 'not_started'
              ? t('dialog.identity.start')
              : t('dialog.identity.restart')}
        </Button>
      )}
    </StepFrame>
  );
}
