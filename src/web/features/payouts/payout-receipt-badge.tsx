import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import type { Cycle, ReceiptStatus } from '#web/lib/group-detail.ts';

const tone: Record<Exclude<ReceiptStatus, 'not_needed'>, string> = {
  awaiting: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-800',
  disputed: 'bg-red-100 text-red-800',
};

/** Beside a paid-out cycle: handed over outside the app, and whether its recipient has confirmed it. */
export function PayoutReceiptBadge({ cycle }: { cycle: Cycle }) {
  const { t } = useTranslation('payouts');
  const status = cycle.payout?.delivery === 'off_app' ? cycle.payout.receiptStatus : 'not_needed';
  if (status === 'not_needed') return null;
  const label = {
    awaiting: t('badge.awaiting'),
    confirmed: t('badge.confirmed'),
    disputed: t('badge.disputed'),
  };
  return (
    <Badge className={tone[status]} data-testid={`receipt-badge-${cycle.cycleNumber}`}>
      {label[status]}
    </Badge>
  );
}
