import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '#shared/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { withdrawalQueries } from '#web/features/withdrawal/queries.ts';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { usePayPenaltyFromWallet } from './use-pay-penalty.ts';

/**
 * The viewer's own late penalties in this circle, each payable from their wallet into the reserve.
 * An admin can still record one paid in cash; the button says when the wallet is short.
 */
export function OwedPenaltiesCard({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const owed = detail.contributions
    .filter((c) => c.userId === detail.viewer.userId && c.penaltyStatus === 'owed')
    .sort((a, b) => a.cycle - b.cycle);
  const wallet = useQuery({ ...withdrawalQueries.wallet(), enabled: owed.length > 0 });
  const pay = usePayPenaltyFromWallet(detail.group.id);
  if (owed.length === 0) return null;
  const availableCents = wallet.data ? (parseAmount(wallet.data.available) ?? 0) : null;
  return (
    <Card data-testid="owed-penalties">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale aria-hidden className="size-5 text-red-700" />
          {t('penalties.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('penalties.intro')}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {availableCents !== null && (
          <p className="text-sm text-slate-700">
            {t('penalties.available', { amount: format.money(wallet.data!.available) })}
          </p>
        )}
        <ul className="divide-y divide-slate-200">
          {owed.map((c) => {
            const short = availableCents !== null && availableCents < (parseAmount(c.penalty) ?? 0);
            const rowId = `penalty-${c.id}`;
            return (
              <li
                key={c.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p id={rowId} className="font-medium text-slate-900">
                    {t('penalties.row', { cycle: c.cycle, amount: format.money(c.penalty) })}
                  </p>
                  {short && <p className="text-xs text-slate-600">{t('penalties.short')}</p>}
                </div>
                <MoneyButton
                  size="sm"
                  onClick={() => pay.mutate(c)}
                  disabled={pay.isPending || availableCents === null || short}
                  aria-describedby={rowId}
                >
                  {t('penalties.pay', { amount: format.money(c.penalty) })}
                </MoneyButton>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
