import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import type { Group } from '#web/lib/group-detail.ts';

/** "Members" and how many of the seats are taken, above either list of members. */
export function MembersHeader({ group }: { group: Group }) {
  const { t } = useTranslation('groupPage');
  return (
    <CardHeader>
      <CardTitle>{t('members.title')}</CardTitle>
      <p className="text-sm text-slate-600">
        {t('header.membersCount', { current: group.currentMembers, limit: group.memberLimit })}
      </p>
    </CardHeader>
  );
}

export function PayoutBadge({ received }: { received: boolean }) {
  const { t } = useTranslation('groupPage');
  return received ? (
    <Badge className="bg-green-100 text-green-800">{t('members.paidOut')}</Badge>
  ) : (
    <Badge className="bg-slate-100 text-slate-700">{t('members.payoutPending')}</Badge>
  );
}
