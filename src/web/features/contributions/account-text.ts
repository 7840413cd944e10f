import { useTranslation } from 'react-i18next';
import { isolate, useFormat } from '#web/lib/format.ts';

/**
 * "Harbor Credit Union ••6789" as text for a translated sentence: the bank's name isolated from the
 * words around it, the last four digits kept left to right; "your bank" when it is not known.
 */
export function useAccountText() {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  return (account: { bankName: string; last4: string } | null | undefined) =>
    account ? `${isolate(account.bankName)} ${format.ltr(`••${account.last4}`)}` : t('pay.bank.yourBank');
}
