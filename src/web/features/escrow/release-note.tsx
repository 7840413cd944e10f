import { CheckCircle2, Hourglass, Info, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeText } from '#web/lib/code-text.ts';
import { useFormat } from '#web/lib/format.ts';
import type { Escrow } from './queries.ts';

/** Codes that say only "not yet" for a cycle that is still collecting: the threshold line says it better. */
const quietBlockers = new Set(['PAYOUT_NOT_READY', 'WRONG_CYCLE', 'GROUP_NOT_ACTIVE']);

/**
 * What stands between this escrow and its release, in one place: the threshold, a release waiting for
 * signatures or held after approval, or what blocks it now (a dispute, a freeze, a time lock).
 */
export function ReleaseNote({ escrow, isAdmin }: { escrow: Escrow; isAdmin: boolean }) {
  const { t } = useTranslation('escrow');
  const format = useFormat();
  const codeText = useCodeText();
  const { pendingRelease, releaseBlockedBy, unlocksAt, conditions } = escrow;
  const notes: ReactNode[] = [];

  // The threshold is news only while the escrow still collects; once reached, "ready" says it.
  if (escrow.status === 'collecting')
    notes.push(
      <Line key="threshold" icon={<Info aria-hidden className="size-4 shrink-0 text-slate-500" />}>
        {t('release.threshold', { percent: conditions.minimumContributions })}
      </Line>,
    );
  if (pendingRelease?.status === 'pending')
    notes.push(
      <Line key="pending" tone="brand" icon={<Hourglass aria-hidden className="size-4 shrink-0" />}>
        {t('release.waitingApprovals', {
          current: conditions.currentApprovals,
          required: conditions.requiredApprovals,
        })}
      </Line>,
    );
  else if (pendingRelease)
    notes.push(
      <Line key="held" tone="brand" icon={<CheckCircle2 aria-hidden className="size-4 shrink-0" />}>
        {pendingRelease.blockedBy
          ? t('release.approvedHeld', { reason: codeText(pendingRelease.blockedBy) })
          : t('release.approvedRunning')}
      </Line>,
    );
  if (releaseBlockedBy && !quietBlockers.has(releaseBlockedBy))
    notes.push(
      <Line key="blocked" tone="warn" icon={<ShieldAlert aria-hidden className="size-4 shrink-0" />}>
        {codeText(releaseBlockedBy)}
      </Line>,
    );
  if (unlocksAt)
    notes.push(
      <Line key="lock" icon={<Hourglass aria-hidden className="size-4 shrink-0 text-slate-500" />}>
        {t('release.timeLock', { date: format.instant(unlocksAt) })}
      </Line>,
    );
  if (escrow.status === 'ready_for_release' && !pendingRelease && !releaseBlockedBy)
    notes.push(
      <Line key="ready" tone="brand" icon={<CheckCircle2 aria-hidden className="size-4 shrink-0" />}>
        {isAdmin ? t('release.readyAdmin') : t('release.readyMember')}
      </Line>,
    );

  return (
    <ul className="grid gap-2" data-testid="release-note">
      {notes}
    </ul>
  );
}

const tones = {
  plain: 'text-slate-700',
  brand: 'rounded-lg bg-brand-50 p-2 text-brand-900',
  warn: 'rounded-lg bg-amber-50 p-2 text-amber-950',
};

function Line(props: { icon: ReactNode; tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <li className={`flex items-start gap-2 text-sm ${tones[props.tone ?? 'plain']}`}>
      <span className="mt-0.5">{props.icon}</span>
      <span className="min-w-0 break-words">{props.children}</span>
    </li>
  );
}
