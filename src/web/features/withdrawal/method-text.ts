import { useTranslation } from 'react-i18next';
import { type WithdrawalMethod, withdrawalRules } from '#shared/withdrawals.ts';
import { useFormat } from '#web/lib/format.ts';

/** A method's name, fee, speed and range in the reader's language, all figures from withdrawalRules. */
export function useMethodText() {
  const { t } = useTranslation('withdrawal');
  const format = useFormat();
  return (method: WithdrawalMethod) => {
    const rule = withdrawalRules[method];
    const min = format.money(rule.minCents);
    const max = format.money(rule.maxCents);
    let fee = t('fee.free');
    if (rule.flatFeeCents > 0) fee = t('fee.flat', { fee: format.money(rule.flatFeeCents) });
    else if (rule.feeBasisPoints > 0)
      fee = t('fee.percent', {
        // Basis points to a percent for display only; the fee itself is computed in cents.
        percent: format.ltr(format.percent(rule.feeBasisPoints / 100)),
        minimum: format.money(rule.minimumFeeCents),
      });
    return {
      name: t(`methods.${method}.name`),
      speed: t(`methods.${method}.speed`),
      fee,
      min,
      max,
      range: t('range', { min, max }),
    };
  };
}
