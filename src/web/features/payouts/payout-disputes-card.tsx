import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { isolate, useFormat } from '#web/lib/format.ts';
import type { Cycle, CyclePayout } from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';

/**
 * Admin: payouts handed over off the app whose recipient says a different amount arrived. The app
 * cannot settle this itself; the admins sort it out with the recipient, who then confirms receipt.
 */
export function PayoutDisputesCard(props: { cycles: (Cycle & { payout: CyclePayout })[]; viewerId: number }) {
  const { t } = useTranslation('payouts');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  return (
    <Card className="border-red-300" data-testid="payout-disputes">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale aria-hidden className="size-5 shrink-0 text-red-700" />
          {t('disputes.title', { count: props.cycles.length })}
        </CardTitle>
        <p className="text-sm text-slate-700">{t('disputes.explain')}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {props.cycles.map((cycle) => {
            const { payout } = cycle;
            const name =
              cycle.recipientId === props.viewerId
                ? t('groupPage:members.nameYou', { name: cycle.recipientName })
                : cycle.recipientName;
            return (
              <li
                key={payout.id}
                className="grid gap-2 rounded-xl bg-red-50 p-3 text-sm"
                data-testid="payout-dispute"
              >
                <p className="font-medium break-words text-slate-900">
                  {t('disputes.who', { name, cycle: cycle.cycleNumber })}
                </p>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  <div>
                    <dt className="text-xs text-slate-600">{t('disputes.paidOut')}</dt>
                    <dd className="font-semibold text-slate-900">{format.money(cycle.payoutAmount)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-600">{t('disputes.received')}</dt>
                    <dd className="font-semibold text-red-800">
                      {payout.received ? format.money(payout.received) : '—'}
                    </dd>
                  </div>
                  <div className="col-span-2 sm:col-span-1">
                    <dt className="text-xs text-slate-600">{t('disputes.method')}</dt>
                    <dd className="break-words text-slate-900">
                      {payout.reference
                        ? t('disputes.methodWithRef', {
                            method: methodLabel(payout.method ?? 'other'),
                            reference: isolate(payout.reference),
                          })
                        : methodLabel(payout.method ?? 'other')}
                    </dd>
                  </div>
                </dl>
                {payout.receiptNote && (
                  <div className="grid gap-1">
                    <p className="text-xs text-slate-600">
                      {t('disputes.noteLabel', { name: cycle.recipientName })}
                    </p>
                    <blockquote
                      dir="auto"
                      className="border-s-4 border-red-300 ps-3 break-words whitespace-pre-line text-slate-800"
                    >
                      {payout.receiptNote}
                    </blockquote>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-sm text-slate-600">{t('disputes.next')}</p>
      </CardContent>
    </Card>
  );
}
