import { HandCoins, RotateCcw, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { ContributionStatusBadges } from '#web/components/ui/status-badges.tsx';
import { ApplicationsCard } from '#web/features/applications/applications-card.tsx';
import { BankFailureNotice } from '#web/features/contributions/bank-failure-notice.tsx';
import { CyclePayments } from '#web/features/contributions/cycle-payments.tsx';
import { GroupRulesSummary } from '#web/features/group-settings/group-rules-summary.tsx';
import { MembersSummary } from '#web/features/members/members-summary.tsx';
import { PayoutReceiptCards } from '#web/features/payouts/payout-receipt-card.tsx';
import { OwedPenaltiesCard } from '#web/features/penalties/owed-penalties-card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { type GroupDetail, viewerContribution } from '#web/lib/group-detail.ts';
import { useCopyInviteCode } from './group-header.tsx';
import { RecentActivity } from './recent-activity.tsx';

export function OverviewTab({ detail, onPay }: { detail: GroupDetail; onPay: () => void }) {
  const { group, viewer } = detail;
  const active = group.status === 'active';
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="grid content-start gap-6 lg:col-span-2">
        <PayoutReceiptCards detail={detail} />
        {active && <ActionsCard detail={detail} onPay={onPay} />}
        <OwedPenaltiesCard detail={detail} />
        {active && viewer.isAdmin && <CyclePayments detail={detail} />}
        {viewer.isAdmin && group.requireApproval && group.status === 'recruiting' && (
          <ApplicationsCard groupId={group.id} />
        )}
        <RecentActivity detail={detail} />
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <MembersSummary detail={detail} />
        <GroupRulesSummary groupId={group.id} />
      </div>
    </div>
  );
}

function ActionsCard({ detail, onPay }: { detail: GroupDetail; onPay: () => void }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const copyInvite = useCopyInviteCode();
  const mine = viewerContribution(detail);
  const { inviteCode } = detail.group;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('actions.title')}</CardTitle>
        {mine && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>
              {t('actions.yourContribution', {
                cycle: mine.cycle,
                amount: format.money(mine.amount),
                date: format.day(mine.dueDate),
              })}
            </span>
            <ContributionStatusBadges contribution={mine} />
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {mine && (
          <BankFailureNotice
            groupId={detail.group.id}
            viewerId={detail.viewer.userId}
            contribution={mine}
            action={
              <MoneyButton variant="secondary" size="sm" className="justify-self-start" onClick={onPay}>
                <RotateCcw aria-hidden />
                {t('pay.bank.tryAgain')}
              </MoneyButton>
            }
          />
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <MoneyButton onClick={onPay} data-testid="make-contribution">
            <HandCoins aria-hidden />
            {t('actions.makeContribution')}
          </MoneyButton>
          {inviteCode && (
            <Button variant="secondary" onClick={() => void copyInvite(inviteCode)}>
              <Share2 aria-hidden />
              {t('actions.shareInvite')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
