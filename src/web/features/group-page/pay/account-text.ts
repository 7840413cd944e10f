import { useTranslation } from 'react-i18next';
import { useMoneyText } from '#web/features/withdrawal/money-text.tsx';

/**
 * "Harbor Credit Union ••6789" as text for a translated sentence: the bank's name isolated from the
 * words around it, the last four digits kept left to right; "your bank" when it is not known.
 */
export function useAccountText() {
  const { t } = useTranslation('groupPage');
  const money = useMoneyText();
  return (account: { bankName: string; last4: string } | null | undefined) =>
    account ? `\u2068${account.bankName}\u2069 ${money.ltr(`••${account.last4}`)}` : t('pay.bank.yourBank');
}
