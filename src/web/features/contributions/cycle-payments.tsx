import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { ContributionStatusBadges } from '#web/components/ui/status-badges.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { Contribution, GroupDetail } from '#web/lib/group-detail.ts';
import { useMethodLabel } from '#web/lib/payment-method.ts';
import { ConfirmPaymentDialog, type PaymentAction } from './confirm-payment-dialog.tsx';
import { useConfirmContribution, useRecordCash } from './use-contribution-actions.ts';

const order: Record<Contribution['status'], number> = { reported: 0, pending: 1, processing: 2, paid: 3 };

/** Admin: every member's contribution for the cycle being collected, with Confirm and Record cash. */
export function CyclePayments({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const confirm = useConfirmContribution();
  const recordCash = useRecordCash(detail.group.id);
  const busy = confirm.isPending || recordCash.isPending;
  // The row and action asked about: both post to the ledger for good, so each asks first.
  const [asking, setAsking] = useState<PaymentAction | null>(null);
  const act = (action: PaymentAction) =>
    (action.kind === 'confirm' ? confirm : recordCash).mutate(action.contribution, {
      onSettled: () => setAsking(null),
    });
  // Those waiting for a confirmation first, then in rotation order.
  const position = new Map(detail.members.map((m) => [m.userId, m.position ?? Number.MAX_SAFE_INTEGER]));
  const rows = detail.contributions
    .filter((c) => c.cycle === detail.group.currentCycle)
    .sort(
      (a, b) =>
        order[a.status] - order[b.status] || (position.get(a.userId) ?? 0) - (position.get(b.userId) ?? 0),
    );
  const reported = rows.filter((c) => c.status === 'reported').length;

  return (
    <Card data-testid="cycle-payments">
      <CardHeader>
        <CardTitle>{t('payments.title')}</CardTitle>
        <p className="text-sm text-slate-600">
          {t('payments.summary', {
            cycle: detail.group.currentCycle,
            paid: detail.currentCycle.paidCount,
            total: detail.currentCycle.memberCount,
          })}{' '}
          {reported > 0 && t('payments.toConfirm', { count: reported })}
        </p>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-4 text-center text-slate-600">{t('payments.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {rows.map((c) => (
              <PaymentRow
                key={c.id}
                contribution={c}
                isViewer={c.userId === detail.viewer.userId}
                busy={busy}
                onConfirm={() => setAsking({ kind: 'confirm', contribution: c })}
                onRecordCash={() => setAsking({ kind: 'cash', contribution: c })}
              />
            ))}
          </ul>
        )}
        <ConfirmPaymentDialog
          action={asking}
          cycle={detail.group.currentCycle}
          pending={busy}
          onCancel={() => setAsking(null)}
          onConfirm={act}
        />
      </CardContent>
    </Card>
  );
}

function PaymentRow(props: {
  contribution: Contribution;
  isViewer: boolean;
  busy: boolean;
  onConfirm: () => void;
  onRecordCash: () => void;
}) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const methodLabel = useMethodLabel();
  const c = props.contribution;
  const nameId = `payment-${c.id}-name`;
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="payment-row"
    >
      <div className="min-w-0">
        <p id={nameId} className="font-medium text-slate-900">
          {props.isViewer ? t('members.nameYou', { name: c.userName }) : c.userName}
        </p>
        <p className="text-xs text-slate-600">
          {t('payments.amountDue', { amount: format.money(c.amount), date: format.day(c.dueDate) })}
        </p>
        {c.status === 'reported' && (
          <p className="text-xs text-slate-700">
            {c.reference
              ? t('payments.reportedWithRef', {
                  method: methodLabel(c.paymentMethod),
                  reference: c.reference,
                })
              : t('payments.reportedVia', { method: methodLabel(c.paymentMethod) })}
          </p>
        )}
        {c.status === 'paid' && c.paidAt && (
          <p className="text-xs text-slate-700">
            {t('payments.paidVia', { method: methodLabel(c.paymentMethod), date: format.instant(c.paidAt) })}
          </p>
        )}
        {c.penaltyStatus === 'owed' && (
          <p className="text-xs text-red-700">
            {t('payments.penaltyOwed', { amount: format.money(c.penalty) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ContributionStatusBadges contribution={c} />
        {/* Not while a bank payment is on its way: the server refuses (DEBIT_IN_PROGRESS). */}
        {(c.status === 'reported' || c.status === 'pending') && (
          <MoneyButton size="sm" onClick={props.onConfirm} disabled={props.busy} aria-describedby={nameId}>
            {t('payments.confirm')}
          </MoneyButton>
        )}
        {c.status === 'pending' && (
          <MoneyButton
            size="sm"
            variant="secondary"
            onClick={props.onRecordCash}
            disabled={props.busy}
            aria-describedby={nameId}
          >
            {t('payments.recordCash')}
          </MoneyButton>
        )}
      </div>
    </li>
  );
}
