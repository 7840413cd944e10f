import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/features/groups/format.ts';
import { cn } from '#web/lib/cn.ts';

// Left-to-right isolate … pop directional isolate.
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * Amounts as text for translated sentences. In a right-to-left language an amount such as
 * "12.50 US$" would otherwise be reordered by its neighbours ("$US 12.50"), so it is isolated
 * and kept left to right; left-to-right languages need nothing (and keep plain text).
 */
export function useMoneyText() {
  const { i18n } = useTranslation();
  const format = useFormat();
  const rtl = i18n.dir() === 'rtl';
  const ltr = (text: string) => (rtl ? `${LRI}${text}${PDI}` : text);
  return {
    money: (amount: string | number) => ltr(format.money(amount)),
    percent: (value: number) => ltr(format.percent(value)),
    ltr,
  };
}

/** An amount on its own: always left to right, tabular figures so columns of amounts line up. */
export function MoneyText({ amount, className }: { amount: string | number; className?: string }) {
  const format = useFormat();
  return (
    <bdi dir="ltr" className={cn('tabular-nums', className)}>
      {format.money(amount)}
    </bdi>
  );
}

/** "Harbor Credit Union ••6789": the last four digits always read left to right. */
export function AccountName({ bankName, last4 }: { bankName: string; last4: string }) {
  return (
    <>
      <bdi>{bankName}</bdi>{' '}
      <bdi dir="ltr" className="tabular-nums">
        ••{last4}
      </bdi>
    </>
  );
}
