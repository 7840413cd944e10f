import { ArrowDownLeft, ArrowUpRight, Percent, ShieldPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import type { EscrowTransaction } from './queries.ts';

/** The escrow's money movements, oldest first: deposits in, the release and its fee out. */
export function TransactionList({ transactions }: { transactions: EscrowTransaction[] }) {
  const { t } = useTranslation('escrow');
  const format = useFormat();
  if (transactions.length === 0)
    return (
      <p
        className="rounded-xl bg-slate-50 p-4 text-center text-sm text-slate-600"
        data-testid="no-transactions"
      >
        {t('details.empty')}
      </p>
    );

  const describe = (row: EscrowTransaction) => {
    const name = format.own(row.counterparty ?? '');
    if (row.type === 'fee') return t('details.fee');
    if (row.type === 'withdrawal') return t('details.releasedTo', { name });
    if (row.counterpartyKind === 'reserve') return t('details.reserveCover');
    return t('details.depositFrom', { name });
  };
  const Icon = (row: EscrowTransaction) =>
    row.type === 'fee'
      ? Percent
      : row.type === 'withdrawal'
        ? ArrowUpRight
        : row.counterpartyKind === 'reserve'
          ? ShieldPlus
          : ArrowDownLeft;

  return (
    <ul
      className="divide-y divide-slate-200 rounded-xl border border-slate-200"
      data-testid="escrow-transactions"
    >
      {transactions.map((row) => {
        const RowIcon = Icon(row);
        const incoming = row.type === 'deposit';
        return (
          <li key={row.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="escrow-transaction">
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full',
                incoming ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700',
              )}
            >
              <RowIcon aria-hidden className="size-4 rtl:-scale-x-100" />
            </span>
            <div className="min-w-40 flex-1">
              <p className="font-medium break-words text-slate-900">{describe(row)}</p>
              <p className="text-xs text-slate-600">
                {format.instant(row.timestamp)}
                {' · '}
                <bdi dir="ltr" className="font-mono">
                  {row.transactionId}
                </bdi>
              </p>
            </div>
            <div className="ms-auto flex items-center gap-2">
              <span
                className={cn('font-semibold tabular-nums', incoming ? 'text-green-800' : 'text-slate-900')}
                data-testid="transaction-amount"
              >
                {format.money(incoming ? row.amount : `-${row.amount}`)}
              </span>
              <Badge
                className={
                  row.status === 'completed' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'
                }
              >
                {row.status === 'completed' ? t('details.completed') : t('details.pending')}
              </Badge>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
