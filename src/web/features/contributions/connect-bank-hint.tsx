import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';

/** No verified bank account yet: paying by bank starts on the Bank Account page. */
export function ConnectBankHint({ unverified }: { unverified: boolean }) {
  const { t } = useTranslation('groupPage');
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800 sm:flex-row sm:items-center"
      data-testid="connect-bank-hint"
    >
      <Landmark aria-hidden className="size-5 shrink-0 text-brand-700" />
      <p className="flex-1">{unverified ? t('pay.bank.verifyFirst') : t('pay.bank.connectFirst')}</p>
      <Button asChild variant="secondary" size="sm" className="self-start sm:self-auto">
        <Link href="/bank-account">{t('pay.bank.goToBankAccount')}</Link>
      </Button>
    </div>
  );
}
