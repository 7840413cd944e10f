import { useTranslation } from 'react-i18next';
import type { WithdrawalView } from '#shared/schemas/withdrawals.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const tone: Record<WithdrawalView['status'], string> = {
  requested: 'bg-sky-100 text-sky-900',
  processing: 'bg-amber-100 text-amber-900',
  completed: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalView['status'] }) {
  const { t } = useTranslation('withdrawal');
  const label = {
    requested: t('status.requested'),
    processing: t('status.processing'),
    completed: t('status.completed'),
    failed: t('status.failed'),
  };
  return (
    <Badge className={tone[status]} data-testid="withdrawal-status">
      {label[status]}
    </Badge>
  );
}
