import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { MembersHeader, PayoutBadge } from './members-parts.tsx';

/** The overview's member list: who is in the circle, their place in the rotation, and whether they were paid out. */
export function MembersSummary({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  return (
    <Card className="content-start self-start">
      <MembersHeader group={detail.group} />
      <CardContent>
        <ul className="divide-y divide-slate-200" data-testid="members-summary">
          {detail.members.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {m.userId === detail.viewer.userId
                    ? t('members.nameYou', { name: m.user.fullName })
                    : m.user.fullName}
                </p>
                <p className="text-xs text-slate-600">
                  {m.position === null
                    ? t('members.positionNotDrawn')
                    : t('members.positionInRotation', { position: m.position })}
                </p>
              </div>
              <PayoutBadge received={m.hasReceivedPayout} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
