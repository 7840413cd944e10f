import { Ban, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ConfirmMoneyDialog } from '#web/components/ui/confirm-money-dialog.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { AutopayStatusBadge, FailureNote } from './autopay-badges.tsx';
import type { PaymentScheduleEntry } from './queries.ts';
import { ScheduleDates } from './schedule-dates.tsx';
import { SetupDialog } from './setup-dialog.tsx';
import { useCancelAutopay } from './use-autopay-actions.ts';

/** The viewer's own auto-pay: its state, the dates, and Set Up / Cancel Auto-Pay (spec 001 §4). */
export function OwnAutopayCard({ entry, detail }: { entry: PaymentScheduleEntry; detail: GroupDetail }) {
  const { t } = useTranslation('autopay');
  const format = useFormat();
  const { group } = detail;
  const [setupOpen, setSetupOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const cancel = useCancelAutopay(group.id, entry.userId);
  const active = entry.status === 'active';
  const completed = group.status === 'completed';
  const explanation = {
    active: t('own.active', { amount: format.money(group.contributionAmount) }),
    inactive: t('own.inactive'),
    failed: t('own.failed'),
    setup_required: t('own.setupRequired'),
  }[entry.status];

  return (
    <Card data-testid="own-autopay">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('own.title')}</CardTitle>
        <AutopayStatusBadge status={entry.status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1 text-sm text-slate-700">
          <p>{explanation}</p>
          {entry.paymentMethodLast4 && entry.status !== 'inactive' && (
            <p data-testid="autopay-account">
              {t('own.account')}{' '}
              <bdi dir="ltr" className="font-medium text-slate-900 tabular-nums">
                ••{entry.paymentMethodLast4}
              </bdi>
            </p>
          )}
          {group.status === 'recruiting' && <p>{t('own.startsWhenFull')}</p>}
          {completed && <p>{t('own.completed')}</p>}
        </div>
        <ScheduleDates entry={entry} timeZone={group.timeZone} />
        <FailureNote count={entry.failureCount} name={entry.userName} forAdmin={false} />
        <div className="flex flex-col gap-2 sm:flex-row">
          {!active && !completed && (
            <MoneyButton onClick={() => setSetupOpen(true)} data-testid="autopay-setup">
              <Zap aria-hidden />
              {t('own.setup')}
            </MoneyButton>
          )}
          {active && (
            <ConfirmMoneyDialog
              open={cancelOpen}
              onOpenChange={setCancelOpen}
              trigger={
                <MoneyButton variant="secondary" data-testid="autopay-cancel">
                  <Ban aria-hidden />
                  {t('own.cancel')}
                </MoneyButton>
              }
              title={t('confirmStep.title')}
              question={t('confirmStep.question', {
                amount: format.money(group.contributionAmount),
                circle: group.name,
              })}
              rows={[
                ...(entry.paymentMethodLast4
                  ? [{ label: t('own.account'), value: <bdi dir="ltr">••{entry.paymentMethodLast4}</bdi> }]
                  : []),
                {
                  label: t('confirmStep.nextDue'),
                  value: entry.nextPaymentDate ? format.day(entry.nextPaymentDate) : t('dates.none'),
                },
                {
                  label: t('confirmStep.amount'),
                  value: format.money(group.contributionAmount),
                  total: true,
                },
              ]}
              consequence={t('confirmStep.final')}
              submitLabel={t('own.cancel')}
              pendingLabel={t('own.canceling')}
              pending={cancel.isPending}
              onConfirm={() => cancel.mutate(undefined, { onSettled: () => setCancelOpen(false) })}
              destructive
              submitTestId="confirm-autopay-cancel"
            />
          )}
        </div>
      </CardContent>
      <SetupDialog
        open={setupOpen}
        onOpenChange={setSetupOpen}
        groupId={group.id}
        userId={entry.userId}
        contributionAmount={group.contributionAmount}
      />
    </Card>
  );
}
