import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { AutopayBadge, MonitoringStatusBadge, RiskBadge } from './monitoring-badges.tsx';
import { PenaltyDialog } from './penalty-dialog.tsx';
import type { MonitoredMember, PaymentMonitoring } from './queries.ts';
import { useSendReminder } from './use-enforcement-actions.ts';

/** Each member's payment record; admins can remind and, for overdue payments, apply the penalty. */
export function MemberMonitoring({ data, detail }: { data: PaymentMonitoring; detail: GroupDetail }) {
  const { t } = useTranslation('paymentsMonitor');
  const remind = useSendReminder(detail.group.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('member.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('member.hint')}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200" data-testid="monitoring-members">
          {data.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              data={data}
              detail={detail}
              reminding={remind.isPending && remind.variables?.userId === member.userId}
              onRemind={() => remind.mutate(member)}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow(props: {
  member: MonitoredMember;
  data: PaymentMonitoring;
  detail: GroupDetail;
  reminding: boolean;
  onRemind: () => void;
}) {
  const { t } = useTranslation('paymentsMonitor');
  const format = useFormat();
  const { member, data, detail } = props;
  const isViewer = member.userId === data.viewer.userId;
  const current = member.currentContribution;
  const canAct = data.viewer.isAdmin && data.groupStatus === 'active' && !isViewer;
  const penaltyId =
    canAct && member.status === 'overdue' && detail.group.penaltyPercentage > 0
      ? member.penaltyContributionId
      : null;
  const owesPenalty = member.penaltyOwed !== '0.00';
  const owesOverdue = member.overdueAmount !== '0.00';
  return (
    <li className="grid gap-3 py-4" data-testid="monitoring-member">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium break-words text-slate-900">
          {isViewer ? t('groupPage:members.nameYou', { name: member.name }) : member.name}
        </p>
        <MonitoringStatusBadge status={member.status} />
        <RiskBadge level={member.riskLevel} score={member.riskScore} />
        {member.autopay && <AutopayBadge />}
      </div>
      <div className="grid gap-1 text-sm text-slate-700">
        {current && (
          <p>
            {t('member.current', {
              amount: format.money(current.amount),
              date: format.day(current.dueDate),
            })}
          </p>
        )}
        <p data-testid="member-counts">
          {t('member.counts', {
            paid: format.number(member.paidCount),
            onTime: format.number(member.onTimeCount),
            late: format.number(member.lateCount),
            missed: format.number(member.missedCount),
          })}
        </p>
        <p>
          {member.onTimeRate === null
            ? t('member.noRateYet')
            : t('member.onTimeRate', { rate: format.percent(member.onTimeRate, 0) })}
        </p>
        {(owesOverdue || owesPenalty) && (
          <p className="font-medium text-red-800" data-testid="member-owes">
            {owesOverdue && t('member.overdueAmount', { amount: format.money(member.overdueAmount) })}
            {owesOverdue && owesPenalty && ' · '}
            {owesPenalty && t('member.penaltyOwed', { amount: format.money(member.penaltyOwed) })}
          </p>
        )}
        {member.lastReminderAt && (
          <p className="text-xs text-slate-600" data-testid="last-reminder">
            {t('member.lastReminder', { date: format.instant(member.lastReminderAt) })}
          </p>
        )}
      </div>
      {canAct && (member.remindableContributionId !== null || penaltyId !== null) && (
        <div className="flex flex-wrap gap-2">
          {member.remindableContributionId !== null && (
            <Button
              variant="secondary"
              size="sm"
              onClick={props.onRemind}
              disabled={props.reminding}
              data-testid="send-reminder"
            >
              <BellRing aria-hidden />
              {props.reminding ? t('actions.sending') : t('actions.sendReminder')}
            </Button>
          )}
          {penaltyId !== null && (
            <PenaltyDialog
              groupId={detail.group.id}
              member={member}
              contributionId={penaltyId}
              contributionAmount={current?.amount ?? detail.group.contributionAmount}
              penaltyPercentage={detail.group.penaltyPercentage}
            />
          )}
        </div>
      )}
    </li>
  );
}
