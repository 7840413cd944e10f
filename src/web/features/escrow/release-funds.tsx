import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmMoneyDialog } from '#web/components/ui/confirm-money-dialog.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { useCodeText } from '#web/lib/code-text.ts';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import type { Escrow } from './queries.ts';
import { useReleaseEscrow } from './use-escrow-actions.ts';

/**
 * Admin, in View Details: what a release pays (pool, fee, net to the recipient's wallet) and Release
 * Funds, offered only when the server says it can be released now; otherwise the reason it cannot.
 */
export function ReleaseFunds(props: { escrow: Escrow; detail: GroupDetail; recipient: string }) {
  const { t } = useTranslation('escrow');
  const format = useFormat();
  const codeText = useCodeText();
  const release = useReleaseEscrow(props.detail.group.id);
  const [asking, setAsking] = useState(false);
  const { escrow } = props;
  const cycle = props.detail.cycles.find((c) => c.cycleNumber === escrow.cycleNumber);
  const name = props.recipient;
  const signatures = escrow.conditions.requiredApprovals;

  let why: string | null = null;
  if (!escrow.canRelease) {
    if (escrow.pendingRelease?.status === 'pending') why = t('releaseFunds.alreadyRequested');
    else if (escrow.pendingRelease) why = t('releaseFunds.alreadyApproved');
    else if (escrow.releaseBlockedBy === 'PAYOUT_NOT_READY' || escrow.status === 'collecting')
      why = t('releaseFunds.notReady', { percent: escrow.conditions.minimumContributions });
    else if (escrow.releaseBlockedBy) why = codeText(escrow.releaseBlockedBy);
    else why = t('releaseFunds.notNow');
  }

  return (
    <section
      className="mt-5 grid gap-3 border-t border-slate-200 pt-4"
      aria-labelledby={`release-${escrow.id}`}
    >
      <h3 id={`release-${escrow.id}`} className="font-semibold text-slate-900">
        {t('releaseFunds.title')}
      </h3>
      {cycle && (
        <dl className="grid gap-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('releaseFunds.pool')}</dt>
            <dd className="font-medium text-slate-900">{format.money(escrow.totalTarget)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('releaseFunds.fee')}</dt>
            <dd className="font-medium text-slate-900">{format.money(cycle.fee)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2">
            <dt className="font-medium text-slate-800">{t('releaseFunds.toWallet', { name })}</dt>
            <dd className="font-bold text-slate-900">{format.money(cycle.payoutAmount)}</dd>
          </div>
        </dl>
      )}
      {why ? (
        <p className="text-sm text-slate-700" data-testid="release-unavailable">
          {why}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {signatures > 0
              ? t('releaseFunds.needsApprovals', { count: signatures })
              : t('releaseFunds.immediate', { name })}
          </p>
          <ConfirmMoneyDialog
            open={asking}
            onOpenChange={setAsking}
            trigger={
              <MoneyButton className="justify-self-start" data-testid="release-funds">
                <Banknote aria-hidden />
                {t('releaseFunds.submit')}
              </MoneyButton>
            }
            title={t('confirmStep.title')}
            question={
              signatures > 0
                ? t('confirmStep.questionWithApprovals', {
                    name,
                    cycle: escrow.cycleNumber,
                    count: signatures,
                  })
                : t('confirmStep.question', { name, cycle: escrow.cycleNumber })
            }
            rows={[
              { label: t('releaseFunds.pool'), value: format.money(escrow.totalTarget) },
              ...(cycle
                ? [
                    { label: t('releaseFunds.fee'), value: format.money(cycle.fee) },
                    {
                      label: t('releaseFunds.toWallet', { name }),
                      value: format.money(cycle.payoutAmount),
                      total: true,
                    },
                  ]
                : []),
            ]}
            consequence={signatures > 0 ? t('confirmStep.finalWithApprovals') : t('confirmStep.final')}
            submitLabel={t('releaseFunds.submit')}
            pendingLabel={t('releaseFunds.releasing')}
            pending={release.isPending}
            onConfirm={() => release.mutate(escrow, { onSettled: () => setAsking(false) })}
            submitTestId="confirm-release"
          />
        </>
      )}
    </section>
  );
}
