import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { ConfirmMoneyDialog } from '#web/components/ui/confirm-money-dialog.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { cn } from '#web/lib/cn.ts';
import { useCodeText } from '#web/lib/code-text.ts';
import { useFormat } from '#web/lib/format.ts';
import { useActionText } from './action-text.ts';
import type { PendingAction } from './queries.ts';

type Stage = 'pending' | 'held' | 'done' | 'rejected' | 'expired';

const stageOf = (a: PendingAction): Stage =>
  a.status === 'pending'
    ? a.timeRemaining > 0
      ? 'pending'
      : 'expired'
    : a.status === 'approved'
      ? a.waiting
        ? 'held'
        : 'done'
      : a.status;

const tone: Record<Stage, string> = {
  pending: 'bg-amber-100 text-amber-900',
  held: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-slate-100 text-slate-700',
};

/** One request: what, who asked, the approvals so far and from whom, time left, and Approve. */
export function PendingActionItem(props: {
  action: PendingAction;
  viewerId: number;
  busy: boolean;
  /** Sends the approval; `done` closes the confirmation once the server has answered. */
  onApprove: (done: () => void) => void;
}) {
  const { t, i18n } = useTranslation('security');
  const format = useFormat();
  const describe = useActionText();
  const codeText = useCodeText();
  const { action } = props;
  const stage = stageOf(action);
  const stageLabel: Record<Stage, string> = {
    pending: t('actions.stage.pending'),
    held: t('actions.stage.held'),
    done: t('actions.stage.done'),
    rejected: t('actions.stage.rejected'),
    expired: t('actions.stage.expired'),
  };
  const own = action.requestedById === props.viewerId;
  const titleId = `action-${action.id}-title`;
  const approvers = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    action.approvers.map(format.own),
  );

  return (
    <li
      className={cn(
        'grid gap-3 rounded-xl border p-4',
        stage === 'pending' ? 'border-amber-300 bg-amber-50/40' : 'border-slate-200',
      )}
      aria-labelledby={titleId}
      data-testid="pending-action"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p id={titleId} className="font-semibold break-words text-slate-900">
            {describe(action)}
          </p>
          <p className="text-xs text-slate-600">
            {own
              ? t('actions.requestedByYou', { date: format.instant(action.createdAt) })
              : action.requestedBy
                ? t('actions.requestedBy', {
                    name: format.own(action.requestedBy),
                    date: format.instant(action.createdAt),
                  })
                : t('actions.requestedAutomatically', { date: format.instant(action.createdAt) })}
          </p>
        </div>
        <Badge className={tone[stage]} data-testid="action-stage">
          {stageLabel[stage]}
        </Badge>
      </div>
      {action.amount && (
        <p className="text-sm text-slate-700">
          {t('actions.amount', { amount: format.money(action.amount) })}
        </p>
      )}
      <div className="grid gap-1.5">
        <p className="text-sm text-slate-800" data-testid="action-approvals">
          {t('actions.approvals', { current: action.currentApprovals, required: action.requiredApprovals })}
        </p>
        <ProgressBar
          value={Math.min(action.currentApprovals, action.requiredApprovals)}
          max={action.requiredApprovals}
          label={t('actions.approvalsLabel')}
        />
        {action.approvers.length > 0 && (
          <p className="text-xs break-words text-slate-600">
            {t('actions.approvedBy', { names: approvers })}
          </p>
        )}
      </div>
      {stage === 'held' && action.blockedBy && (
        <p className="rounded-lg bg-sky-50 p-2 text-sm text-sky-950">
          {t('actions.heldBy', { reason: codeText(action.blockedBy) })}
        </p>
      )}
      {stage === 'done' && action.executedAt && (
        <p className="text-xs text-slate-600">
          {t('actions.doneAt', { date: format.instant(action.executedAt) })}
        </p>
      )}
      {stage === 'expired' && (
        <p className="text-xs text-slate-600">
          {t('actions.expiredAt', { date: format.instant(action.expiresAt) })}
        </p>
      )}
      {stage === 'pending' && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-slate-600">{t('actions.timeLeft', { count: action.timeRemaining })}</p>
          {action.canApprove ? (
            <ApproveStep action={action} busy={props.busy} onApprove={props.onApprove} />
          ) : (
            <p className="text-sm text-slate-700" data-testid="approve-unavailable">
              {own ? t('actions.ownRequest') : t('actions.alreadyApproved')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** Approve, after saying what the approval does: the request, its amount, and whether it runs now. */
function ApproveStep(props: { action: PendingAction; busy: boolean; onApprove: (done: () => void) => void }) {
  const { t } = useTranslation('security');
  const format = useFormat();
  const describe = useActionText();
  const [asking, setAsking] = useState(false);
  const { action } = props;
  const after = action.currentApprovals + 1;
  return (
    <ConfirmMoneyDialog
      open={asking}
      onOpenChange={setAsking}
      trigger={
        <MoneyButton disabled={props.busy} data-testid="approve-action">
          <Check aria-hidden />
          {t('actions.approve')}
        </MoneyButton>
      }
      title={t('confirmStep.title')}
      question={describe(action)}
      rows={[
        ...(action.requestedBy
          ? [{ label: t('confirmStep.requestedBy'), value: format.own(action.requestedBy) }]
          : []),
        {
          label: t('confirmStep.approvals'),
          value: t('actions.approvals', { current: after, required: action.requiredApprovals }),
        },
        ...(action.amount
          ? [{ label: t('confirmStep.amount'), value: format.money(action.amount), total: true }]
          : []),
      ]}
      consequence={
        after >= action.requiredApprovals
          ? t('confirmStep.runsNow')
          : t('confirmStep.waitsForMore', { count: action.requiredApprovals - after })
      }
      submitLabel={t('actions.approve')}
      pendingLabel={t('confirmStep.approving')}
      pending={props.busy}
      onConfirm={() => props.onApprove(() => setAsking(false))}
      submitTestId="confirm-approve"
    />
  );
}
