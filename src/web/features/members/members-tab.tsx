import { Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { InvitationsPanel } from '#web/features/invitations/invitations-panel.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail, Member } from '#web/lib/group-detail.ts';
import { MembersHeader, PayoutBadge } from './members-parts.tsx';

export function MembersTab({ detail }: { detail: GroupDetail }) {
  return (
    <Card>
      <MembersHeader group={detail.group} />
      <CardContent>
        {detail.viewer.isAdmin && <InvitationsPanel group={detail.group} />}
        <ul className="grid gap-3 md:grid-cols-2" data-testid="members-list">
          {detail.members.map((m) => (
            <MemberCard key={m.id} member={m} isViewer={m.userId === detail.viewer.userId} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberCard({ member, isViewer }: { member: Member; isViewer: boolean }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const initial = (member.user.fullName || member.user.username).trim().charAt(0).toUpperCase();
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">
            {isViewer ? t('members.nameYou', { name: member.user.fullName }) : member.user.fullName}
          </h3>
          <p className="text-xs break-all text-slate-600" dir="ltr">
            {t('members.username', { username: member.user.username })}
          </p>
        </div>
        {member.role === 'admin' ? (
          <Badge className="bg-brand-700 text-white">
            <Shield aria-hidden className="size-3" />
            {t('members.admin')}
          </Badge>
        ) : (
          <Badge className="bg-slate-100 text-slate-700">{t('members.member')}</Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">{t('members.position')}</dt>
          <dd className="font-medium text-slate-900">
            {member.position === null ? t('members.notDrawn') : member.position}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('members.joined')}</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={member.joinedAt}>{format.instant(member.joinedAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('members.payout')}</dt>
          <dd>
            <PayoutBadge received={member.hasReceivedPayout} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('members.contributions')}</dt>
          <dd className="text-slate-900" data-testid="member-counts">
            {t('members.counts', {
              paid: member.contributionCounts.paid,
              late: member.contributionCounts.late,
              pending: member.contributionCounts.pending,
            })}
          </dd>
        </div>
      </dl>
    </li>
  );
}
