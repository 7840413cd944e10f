import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import type { EscrowStatus } from './queries.ts';

const tone: Record<EscrowStatus, string> = {
  collecting: 'bg-amber-100 text-amber-900',
  ready_for_release: 'bg-brand-100 text-brand-800',
  released: 'bg-green-100 text-green-800',
  disputed: 'bg-red-100 text-red-800',
};

export function EscrowStatusBadge({ status }: { status: EscrowStatus }) {
  const { t } = useTranslation('escrow');
  const label: Record<EscrowStatus, string> = {
    collecting: t('status.collecting'),
    ready_for_release: t('status.ready_for_release'),
    released: t('status.released'),
    disputed: t('status.disputed'),
  };
  return (
    <Badge className={tone[status]} data-testid="escrow-status">
      {label[status]}
    </Badge>
  );
}
