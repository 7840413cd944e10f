import { BadgeCheck, CircleDashed, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrustLevel, VerificationStatus } from '#shared/verification.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

const statusStyle: Record<VerificationStatus, { className: string; Icon: typeof BadgeCheck }> = {
  verified: { className: 'bg-emerald-100 text-emerald-800', Icon: BadgeCheck },
  pending: { className: 'bg-amber-100 text-amber-900', Icon: Clock },
  failed: { className: 'bg-red-100 text-red-800', Icon: CircleX },
  not_started: { className: 'bg-slate-100 text-slate-700', Icon: CircleDashed },
};

export function CheckStatusBadge({ status, testId }: { status: VerificationStatus; testId?: string }) {
  const { t } = useTranslation('verification');
  const { className, Icon } = statusStyle[status];
  return (
    <Badge className={className} data-testid={testId} data-status={status}>
      <Icon aria-hidden className="size-3.5" />
      {t(`status.${status}`)}
    </Badge>
  );
}

const levelStyle: Record<TrustLevel, string> = {
  high: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-red-100 text-red-800',
  unverified: 'bg-slate-100 text-slate-700',
};

export function TrustLevelBadge({ level, className }: { level: TrustLevel; className?: string }) {
  const { t } = useTranslation('verification');
  return <Badge className={cn(levelStyle[level], className)}>{t(`levels.${level}`)}</Badge>;
}
