import { BadgeCheck, Landmark, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import type { MemberRecord } from './queries.ts';

const trustColours = {
  high: 'bg-green-100 text-green-800',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-red-100 text-red-800',
} as const;

/** Trust by the Members tab's thresholds (spec 001 §5: 85 high, 70 medium), with the score. */
export function TrustBadge({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('groupPage');
  return (
    <Badge className={trustColours[member.trustLevel]} data-testid="member-trust">
      {t(`members.trust.${member.trustLevel}`, { score: member.trustScore })}
    </Badge>
  );
}

const statusColours = {
  active: 'bg-green-100 text-green-800',
  inactive: 'bg-amber-100 text-amber-900',
  suspended: 'bg-red-100 text-red-800',
} as const;

export function MemberStatusBadge({ status }: { status: MemberRecord['status'] }) {
  const { t } = useTranslation('groupPage');
  return (
    <Badge className={statusColours[status]} data-testid="member-status">
      {t(`members.status.${status}`)}
    </Badge>
  );
}

/** Owner, co-admin, or member. */
export function RoleBadge({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('groupPage');
  if (member.role === 'member')
    return <Badge className="bg-slate-100 text-slate-700">{t('members.member')}</Badge>;
  return (
    <Badge className="bg-brand-700 text-white" data-testid="member-role">
      <Shield aria-hidden className="size-3" />
      {member.isOwner ? t('members.owner') : t('members.coAdmin')}
    </Badge>
  );
}

/** Bank and identity checks as icons, each with a label that says whether it is verified. */
export function VerificationIcons({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('groupPage');
  const icon = (verified: boolean) => cn('size-5', verified ? 'text-green-700' : 'text-slate-300');
  const bank = t(member.bankVerified ? 'members.verify.bankYes' : 'members.verify.bankNo');
  const identity = t(member.identityVerified ? 'members.verify.identityYes' : 'members.verify.identityNo');
  return (
    <span className="flex items-center gap-2" data-testid="member-verification">
      <span role="img" aria-label={bank} title={bank}>
        <Landmark aria-hidden className={icon(member.bankVerified)} />
      </span>
      <span role="img" aria-label={identity} title={identity}>
        <BadgeCheck aria-hidden className={icon(member.identityVerified)} />
      </span>
    </span>
  );
}
