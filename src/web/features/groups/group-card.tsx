import { ArrowRight, HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { UnreadBadge } from '#web/features/chat/unread-badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { CopyCodeButton } from './copy-code-button.tsx';
import { GroupStatusBadge } from './status-badge.tsx';
import type { GroupSummary } from './types.ts';

/** A group of the /groups list: its figures for the current cycle, and where to go next. */
export function GroupCard({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  const active = group.status === 'active';
  const recruiting = group.status === 'recruiting';
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle className="min-w-0 break-words">{group.name}</CardTitle>
        <div className="flex shrink-0 items-center gap-2">
          <UnreadBadge groupId={group.id} />
          <GroupStatusBadge status={group.status} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Stat compact label={t('card.members')}>{`${group.currentMembers}/${group.memberLimit}`}</Stat>
          <Stat compact label={t(`frequency.${group.frequency}`)}>
            {format.money(group.contributionAmount)}
          </Stat>
          <Stat compact label={t('card.cycle')}>
            {recruiting ? t('card.notStarted') : `${group.currentCycle}/${group.totalCycles}`}
          </Stat>
          <Stat compact label={t('card.pool')}>
            {format.money(group.payoutAmount)}
          </Stat>
          {active && (
            <>
              <Stat compact label={t('card.collected')}>
                {format.money(group.balance)}
              </Stat>
              <Stat compact label={t('card.yourPosition')}>
                {group.hasReceivedPayout
                  ? t('card.received')
                  : group.myPosition
                    ? t('card.positionValue', { position: group.myPosition })
                    : '–'}
              </Stat>
              <Stat compact label={t('card.nextRecipient')}>
                {group.nextRecipient ?? '–'}
              </Stat>
              <Stat compact label={t('card.payoutDate')}>
                {group.payoutDate ? format.day(group.payoutDate) : '–'}
              </Stat>
            </>
          )}
          {recruiting && (
            <Stat compact label={t('card.seatsLeft')}>
              {group.memberLimit - group.currentMembers}
            </Stat>
          )}
        </dl>
        {active && (
          <div className="grid grid-cols-1 gap-1.5 text-sm">
            <div className="flex justify-between gap-2 text-slate-600">
              <span>{t('card.paidThisCycle')}</span>
              <span className="font-medium text-slate-900">
                {t('card.paidValue', { paid: group.contributionProgress, total: group.currentMembers })}
              </span>
            </div>
            <ProgressBar
              value={group.contributionProgress}
              max={group.currentMembers}
              label={t('card.paidThisCycle')}
              className="h-2"
            />
          </div>
        )}
        {recruiting && group.inviteCode && (
          <div className="flex items-center justify-between gap-3 rounded-xl bg-amber-50 p-3">
            <div className="min-w-0">
              <p className="text-xs text-amber-900">{t('card.inviteCode')}</p>
              <p className="font-mono text-lg font-semibold tracking-widest text-slate-900" dir="ltr">
                {group.inviteCode}
              </p>
            </div>
            <CopyCodeButton code={group.inviteCode} />
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button asChild variant="secondary" className="flex-1">
            <Link href={`/groups/${group.id}`}>
              {t('card.viewDetails')}
              <ArrowRight className="rtl:rotate-180" />
            </Link>
          </Button>
          {active && (
            <Button asChild className="flex-1">
              <Link href={`/groups/${group.id}?pay=1`}>
                <HandCoins />
                {t('card.makeContribution')}
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
