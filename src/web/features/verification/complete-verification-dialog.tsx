import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { AddressStep } from './address-step.tsx';
import { BankStep } from './bank-step.tsx';
import { IdentityStep } from './identity-step.tsx';
import { PhoneStep } from './phone-step.tsx';
import { type OwnVerification, verificationQueries } from './queries.ts';

/**
 * The four steps, each with its own status. Loaded only when opened: the phone and address forms
 * carry the phone-number and country data.
 */
export default function CompleteVerificationDialog({ me }: { me: OwnVerification }) {
  const { t } = useTranslation('verification');
  const provider = useQuery(verificationQueries.provider());
  return (
    <DialogContent closeLabel={t('common:actions.close')} className="max-h-[90vh] max-w-lg overflow-y-auto">
      <DialogHeader>
        <DialogTitle className="text-lg font-semibold text-slate-900">{t('dialog.title')}</DialogTitle>
        <DialogDescription className="text-sm text-slate-600">{t('dialog.description')}</DialogDescription>
      </DialogHeader>
      {provider.data?.name === 'sandbox' && (
        <p
          className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="sandbox-outbox-hint"
        >
          {t('dialog.sandboxHint')}
        </p>
      )}
      <div className="grid gap-3">
        <IdentityStep me={me} />
        <BankStep me={me} />
        <PhoneStep me={me} />
        <AddressStep me={me} />
      </div>
    </DialogContent>
  );
}
