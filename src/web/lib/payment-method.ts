import { useTranslation } from 'react-i18next';

/** The translated name of a payment method, including the server's default 'ach' for bank debits. */
export function useMethodLabel() {
  const { t } = useTranslation('groupPage');
  const labels: Record<string, string> = {
    cash: t('methods.cash'),
    bank_transfer: t('methods.bank_transfer'),
    mobile_money: t('methods.mobile_money'),
    check: t('methods.check'),
    other: t('methods.other'),
    ach: t('methods.ach'),
  };
  return (method: string) => labels[method] ?? method;
}
