import { useTranslation } from 'react-i18next';
import type { ReputationLevel, RiskLevel } from '#shared/reputation.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

const levelTone: Record<ReputationLevel, string> = {
  excellent: 'bg-green-100 text-green-800',
  good: 'bg-teal-100 text-teal-900',
  fair: 'bg-amber-100 text-amber-900',
  poor: 'bg-orange-100 text-orange-900',
  critical: 'bg-red-100 text-red-800',
};

const riskTone: Record<RiskLevel, string> = {
  low: 'bg-green-100 text-green-800',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-orange-100 text-orange-900',
  critical: 'bg-red-100 text-red-800',
};

export function LevelBadge({ level }: { level: ReputationLevel }) {
  const { t } = useTranslation('reputation');
  return (
    <Badge className={cn(levelTone[level])} data-testid="reputation-level">
      {t(`level.${level}`)}
    </Badge>
  );
}

export function RiskBadge({ risk }: { risk: RiskLevel }) {
  const { t } = useTranslation('reputation');
  return (
    <Badge className={cn(riskTone[risk])} data-testid="risk-level">
      {t(`risk.${risk}`)}
    </Badge>
  );
}
