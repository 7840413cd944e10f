import { Copy, PiggyBank, RefreshCw, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { GroupStatusBadge } from '#web/components/ui/status-badges.tsx';
import { useFormat } from '#web/lib/format.ts';
import { currentCycleOf, type GroupDetail } from '#web/lib/group-detail.ts';
import { copyWithToast } from './copy-text.ts';
import { DrawFairness } from './draw-fairness.tsx';
import { FrozenBanner } from './freeze-banner.tsx';
import { FreezeCircleDialog } from './freeze-dialog.tsx';

export function useCopyInviteCode() {
  const { t } = useTranslation('groupPage');
  return (code: string) =>
    copyWithToast(code, {
      title: t('toast.inviteCopied'),
      description: t('toast.inviteCopiedBody'),
      failed: t('toast.copyFailed'),
    });
}

export function GroupHeader({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const copyInvite = useCopyInviteCode();
  const { group } = detail;
  const current = currentCycleOf(detail);
  const perFrequency = {
    weekly: t('frequency.weekly'),
    'bi-weekly': t('frequency.biWeekly'),
    monthly: t('frequency.monthly'),
  };

  const cycleHint =
    group.status === 'recruiting'
      ? t('header.startsWhenFull')
      : group.status === 'completed'
        ? t('header.circleComplete')
        : current?.recipientName
          ? t('header.payoutTo', {
              name:
                current.recipientId === detail.viewer.userId
                  ? t('members.nameYou', { name: current.recipientName })
                  : current.recipientName,
            })
          : undefined;

  return (
    <Card>
      <CardContent className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold break-words text-slate-900" data-testid="group-name">
              {group.name}
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {group.status === 'recruiting'
                ? t('header.notStartedYet')
                : t('header.cycleOf', { current: group.currentCycle, total: group.totalCycles })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <GroupStatusBadge status={group.status} />
            {detail.viewer.isAdmin && group.status === 'active' && !group.frozen && (
              <FreezeCircleDialog groupId={group.id} />
            )}
          </div>
        </div>

        {group.frozen && group.status === 'active' && <FrozenBanner detail={detail} />}

        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-5 md:grid-cols-4">
          <Stat
            icon={Users}
            label={t('header.members')}
            value={`${group.currentMembers}/${group.memberLimit}`}
            testId="header-members"
          />
          <Stat
            icon={Wallet}
            label={t('header.contribution')}
            value={format.money(group.contributionAmount)}
            hint={perFrequency[group.frequency]}
          />
          <Stat
            icon={PiggyBank}
            label={t('header.payout')}
            value={format.money(group.payoutAmount)}
            hint={t('header.payoutHint', { count: group.memberLimit })}
          />
          <Stat
            icon={RefreshCw}
            label={t('header.currentCycle')}
            value={group.status === 'recruiting' ? t('header.notStarted') : group.currentCycle}
            hint={cycleHint}
          />
        </dl>

        {group.status === 'recruiting' && (
          <div className="mt-5 grid gap-3 rounded-xl bg-amber-50 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{t('header.recruitingTitle')}</span>
              <span className="text-slate-700">
                {t('header.seatsLeft', { count: group.memberLimit - group.currentMembers })}
              </span>
            </div>
            <ProgressBar
              value={group.currentMembers}
              max={group.memberLimit}
              label={t('header.membersJoined', { current: group.currentMembers, limit: group.memberLimit })}
            />
            {group.inviteCode && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-slate-700">{t('header.inviteCode')}</span>
                <code
                  className="rounded-md bg-white px-2 py-1 font-mono font-semibold tracking-wider text-slate-900 ring-1 ring-slate-300"
                  data-testid="invite-code"
                  dir="ltr"
                >
                  {group.inviteCode}
                </code>
                <Button variant="secondary" size="sm" onClick={() => void copyInvite(group.inviteCode!)}>
                  <Copy aria-hidden />
                  {t('header.copyCode')}
                </Button>
              </div>
            )}
          </div>
        )}

        {group.rotationMethod === 'random_draw' && group.seedHash && <DrawFairness detail={detail} />}
      </CardContent>
    </Card>
  );
}
