import { CircleHelp, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isolate, useFormat } from '#web/lib/format.ts';
import type { Cycle, CyclePayout, GroupDetail } from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';
import { PayoutDisputesCard } from './payout-disputes-card.tsx';
import { useConfirmReceipt } from './use-payout-actions.ts';

// The form to report a different amount loads only when a recipient says the amount was not right.
const PayoutDifferenceForm = lazy(() =>
  import('./payout-difference-form.tsx').then((m) => ({ default: m.PayoutDifferenceForm })),
);

type OffAppCycle = Cycle & { payout: CyclePayout };

const waitingOnReceipt = (c: Cycle): c is OffAppCycle =>
  c.payout?.receiptStatus === 'awaiting' || c.payout?.receiptStatus === 'disputed';

/**
 * Overview cards for off-app payouts: the recipient says whether the money reached them, and admins
 * see every disputed payout. Shown in any state of the circle: the last payout lands as it completes.
 */
export function PayoutReceiptCards({ detail }: { detail: GroupDetail }) {
  const open = detail.cycles.filter(waitingOnReceipt);
  const mine = open.filter((c) => c.recipientId === detail.viewer.userId);
  const disputed = detail.viewer.isAdmin ? open.filter((c) => c.payout.receiptStatus === 'disputed') : [];
  if (mine.length === 0 && disputed.length === 0) return null;
  return (
    <>
      {mine.map((cycle) => (
        <ReceiptCard key={cycle.cycleNumber} cycle={cycle} />
      ))}
      {disputed.length > 0 && <PayoutDisputesCard cycles={disputed} viewerId={detail.viewer.userId} />}
    </>
  );
}

function ReceiptCard({ cycle }: { cycle: OffAppCycle }) {
  const { t } = useTranslation('payouts');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const confirm = useConfirmReceipt();
  const [reporting, setReporting] = useState(false);
  const { payout } = cycle;
  const amount = format.money(cycle.payoutAmount);
  const disputed = payout.receiptStatus === 'disputed';
  const Icon = disputed ? TriangleAlert : CircleHelp;

  const confirmAll = () => confirm.mutate({ payoutId: payout.id, receivedAmount: cycle.payoutAmount });

  return (
    <Card
      className={disputed ? 'border-red-300' : 'border-amber-300'}
      data-testid="payout-receipt-card"
      aria-labelledby={`receipt-title-${payout.id}`}
      role="region"
    >
      <CardHeader>
        <CardTitle id={`receipt-title-${payout.id}`} className="flex items-start gap-2">
          <Icon
            aria-hidden
            className={`mt-0.5 size-5 shrink-0 ${disputed ? 'text-red-700' : 'text-amber-700'}`}
          />
          {disputed
            ? t('receipt.disputedTitle', { cycle: cycle.cycleNumber })
            : t('receipt.question', { amount })}
        </CardTitle>
        <p className="text-sm text-slate-700">
          {t('receipt.handedOver', {
            cycle: cycle.cycleNumber,
            amount,
            method: methodLabel(payout.method ?? 'other'),
          })}
          {payout.reference && ` ${t('receipt.reference', { reference: isolate(payout.reference) })}`}
        </p>
        {disputed && payout.received && (
          <p className="text-sm text-red-800" data-testid="receipt-dispute-summary">
            {t('receipt.youReported', { received: format.money(payout.received), amount })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {reporting ? (
          <Suspense fallback={<Skeleton className="h-32 w-full" />}>
            <PayoutDifferenceForm cycle={cycle} onDone={() => setReporting(false)} />
          </Suspense>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <MoneyButton onClick={confirmAll} disabled={confirm.isPending} data-testid="receipt-confirm">
              {disputed ? t('receipt.nowReceivedAll', { amount }) : t('receipt.yes')}
            </MoneyButton>
            <Button
              variant="secondary"
              onClick={() => setReporting(true)}
              disabled={confirm.isPending}
              data-testid="receipt-different"
            >
              {disputed ? t('receipt.updateAmount') : t('receipt.different')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
