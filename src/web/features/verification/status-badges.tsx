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

/**
 * A level of the trust score ("High trust"), or with `of="verification"` of the verification score
 * ("Partly verified"): two scores side by side must not both say "trust" with different levels.
 */
export function TrustLevelBadge(props: {
  level: TrustLevel;
  of?: 'trust' | 'verification';
  className?: string;
}) {
  const { t } = useTranslation('verification');
  const words = props.of === 'verification' && props.level !== 'unverified' ? 'verificationLevels' : 'levels';
  return (
    <Badge className={cn(levelStyle[props.level], props.className)}>{t(`${words}.${props.level}`)}</Badge>
  );
}
