import { CalendarClock, Receipt, RefreshCw, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { DisputeDialog } from './dispute-dialog.tsx';
import { DisputeList } from './dispute-list.tsx';
import { EscrowStatusBadge } from './escrow-status-badge.tsx';
import type { Escrow } from './queries.ts';
import { ReleaseNote } from './release-note.tsx';
import { TransactionsDialog } from './transactions-dialog.tsx';

/** One cycle's escrow: what it holds against its target, who has paid, what a release still needs. */
export function EscrowCard({ escrow, detail }: { escrow: Escrow; detail: GroupDetail }) {
  const { t } = useTranslation('escrow');
  const format = useFormat();
  // Isolated: a Latin name inside an Arabic sentence (or the reverse) keeps the words around it in place.
  const name = format.own(escrow.recipientName);
  const recipient =
    escrow.recipientId === detail.viewer.userId ? format.own(t('groupPage:members.nameYou', { name })) : name;
  const released = escrow.status === 'released';
  const openDisputeByViewer = escrow.disputes.some(
    (d) => d.status === 'open' && d.openedById === detail.viewer.userId,
  );
  const titleId = `escrow-${escrow.id}-title`;

  return (
    <Card aria-labelledby={titleId} role="region" data-testid="escrow-card" data-cycle={escrow.cycleNumber}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <CardTitle id={titleId}>{t('card.title', { cycle: escrow.cycleNumber })}</CardTitle>
          <p className="text-sm break-words text-slate-600">{t('card.recipient', { name: recipient })}</p>
        </div>
        <EscrowStatusBadge status={escrow.status} />
      </CardHeader>
      <CardContent className="grid gap-5">
        {released && escrow.released ? (
          <p className="rounded-xl bg-green-50 p-3 text-sm text-green-900" data-testid="escrow-released">
            {t('card.releasedSummary', {
              amount: format.money(escrow.released.amount),
              name,
              fee: format.money(escrow.released.fee),
            })}
          </p>
        ) : (
          <div className="grid gap-2">
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{t('card.progress')}</span>
              <span className="text-slate-700" data-testid="escrow-balance">
                {t('card.balanceOf', {
                  balance: format.money(escrow.currentBalance),
                  target: format.money(escrow.totalTarget),
                })}
              </span>
            </div>
            <ProgressBar value={escrow.contributors} max={escrow.memberCount} label={t('card.progress')} />
          </div>
        )}

        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat
            icon={Users}
            label={t('card.contributors')}
            value={t('card.contributorsOf', { paid: escrow.contributors, total: escrow.memberCount })}
            testId="escrow-contributors"
          />
          {released ? (
            <Stat
              icon={CalendarClock}
              label={t('card.releasedOn')}
              value={
                escrow.released?.at ? format.instant(escrow.released.at) : format.day(escrow.releaseDate)
              }
            />
          ) : (
            <Stat
              icon={CalendarClock}
              label={t('card.releaseDate')}
              value={format.day(escrow.releaseDate)}
              hint={escrow.conditions.autoReleaseEnabled ? t('card.autoReleaseOn') : t('card.autoReleaseOff')}
            />
          )}
          {!released && (
            <Stat
              icon={RefreshCw}
              label={t('card.approvals')}
              value={
                escrow.conditions.requiredApprovals === 0
                  ? t('card.approvalsNotNeeded')
                  : t('card.approvalsOf', {
                      current: escrow.conditions.currentApprovals,
                      required: escrow.conditions.requiredApprovals,
                    })
              }
              testId="escrow-approvals"
            />
          )}
          <Stat
            icon={Receipt}
            label={t('card.transactions')}
            value={format.number(escrow.transactionCount)}
            testId="escrow-transaction-count"
          />
        </dl>

        {!released && <ReleaseNote escrow={escrow} isAdmin={detail.viewer.isAdmin} />}
        {escrow.disputes.length > 0 && <DisputeList escrow={escrow} groupId={detail.group.id} />}

        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <TransactionsDialog escrow={escrow} detail={detail} recipient={name} />
          {!released && !openDisputeByViewer && (
            <DisputeDialog escrow={escrow} groupId={detail.group.id} recipient={name} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
