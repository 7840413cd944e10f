import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';

/**
 * An amount on its own: always left to right, tabular figures so columns of amounts line up.
 * An unreadable amount shows as "—" (see `formatMoneyText`). For an amount inside a translated
 * sentence use `useFormat().money`, which isolates it in right-to-left languages.
 */
export function MoneyText({ amount, className }: { amount: string | number; className?: string }) {
  const format = useFormat();
  return (
    <bdi dir="ltr" className={cn('tabular-nums', className)}>
      {format.money(amount)}
    </bdi>
  );
}

/** "Harbor Credit Union ••6789": the bank's name in its own direction, the last four digits always left to right. */
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
