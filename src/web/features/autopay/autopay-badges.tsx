import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import type { AutopayStatus } from './queries.ts';

const tone: Record<AutopayStatus, string> = {
  active: 'bg-green-100 text-green-800',
  inactive: 'bg-slate-200 text-slate-800',
  failed: 'bg-red-100 text-red-800',
  setup_required: 'bg-amber-100 text-amber-900',
};

export function AutopayStatusBadge({ status }: { status: AutopayStatus }) {
  const { t } = useTranslation('autopay');
  const label: Record<AutopayStatus, string> = {
    active: t('status.active'),
    inactive: t('status.inactive'),
    failed: t('status.failed'),
    setup_required: t('status.setup_required'),
  };
  return (
    <Badge className={tone[status]} data-testid="autopay-status">
      {label[status]}
    </Badge>
  );
}

/** The spec's "{n} recent payment failure(s).", and for admins who to contact about it. */
export function FailureNote(props: { count: number; name: string; forAdmin: boolean }) {
  const { t } = useTranslation('autopay');
  if (props.count === 0) return null;
  return (
    <div className="grid gap-0.5 text-sm" data-testid="autopay-failures">
      <p className="font-medium text-red-800">{t('failures', { count: props.count })}</p>
      {props.forAdmin && <p className="text-slate-700">{t('contactMember', { name: props.name })}</p>}
    </div>
  );
}
