import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import type { MonitoringStatus, RiskLevel } from './queries.ts';

const statusTone: Record<MonitoringStatus, string> = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-slate-200 text-slate-800',
  overdue: 'bg-red-100 text-red-800',
  at_risk: 'bg-amber-100 text-amber-900',
};

export function MonitoringStatusBadge({ status }: { status: MonitoringStatus }) {
  const { t } = useTranslation('paymentsMonitor');
  const label: Record<MonitoringStatus, string> = {
    paid: t('status.paid'),
    pending: t('status.pending'),
    overdue: t('status.overdue'),
    at_risk: t('status.at_risk'),
  };
  return (
    <Badge className={statusTone[status]} data-testid="monitoring-status">
      {label[status]}
    </Badge>
  );
}

const riskTone: Record<RiskLevel, string> = {
  low: 'bg-green-50 text-green-800 ring-1 ring-green-200',
  medium: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  high: 'bg-orange-50 text-orange-900 ring-1 ring-orange-200',
  critical: 'bg-red-50 text-red-800 ring-1 ring-red-200',
};

/** The spec's risk label (under 25 low, under 50 medium, under 75 high, else critical) with the score. */
export function RiskBadge({ level, score }: { level: RiskLevel; score: number }) {
  const { t, i18n } = useTranslation('paymentsMonitor');
  const label: Record<RiskLevel, string> = {
    low: t('risk.low'),
    medium: t('risk.medium'),
    high: t('risk.high'),
    critical: t('risk.critical'),
  };
  return (
    <Badge className={riskTone[level]} data-testid="risk-badge">
      {t('risk.badge', { level: label[level], score: new Intl.NumberFormat(i18n.language).format(score) })}
    </Badge>
  );
}

export function AutopayBadge() {
  const { t } = useTranslation('paymentsMonitor');
  return (
    <Badge className="bg-brand-50 text-brand-800 ring-1 ring-brand-200">
      <Zap aria-hidden className="size-3" />
      {t('member.autopay')}
    </Badge>
  );
}
