import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RemovalPreview } from '#shared/schemas/membership.ts';
import { useFormat } from '#web/lib/format.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { membershipQueries } from './queries.ts';

/**
 * The rule of docs/decisions/0029 in plain words, with the server's own numbers for this member:
 * what is forfeited to the reserve, what is owed, the new pool and cycles, who moves up, the vote.
 */
export function RemovalSummary({ preview, own }: { preview: RemovalPreview; own: boolean }) {
  const { t } = useTranslation('membership');
  const format = useFormat();
  const who = own ? 'own' : 'other';
  const lines: string[] = [];
  if (preview.case === 'recruiting') lines.push(t(`summary.${who}.recruiting`));
  else {
    lines.push(t(`summary.${who}.${preview.case}`));
    if (preview.forfeitedCents > 0)
      lines.push(t('summary.forfeit', { amount: format.money(preview.forfeitedCents) }));
    if (preview.debtCents > 0)
      lines.push(
        t('summary.debt', {
          amount: format.money(preview.debtCents),
          paid: format.money(preview.debtPaidCents),
        }),
      );
    if (preview.penaltyDebtCents > 0)
      lines.push(t('summary.penalty', { amount: format.money(preview.penaltyDebtCents) }));
    lines.push(
      t('summary.pool', {
        pool: format.money(preview.newPoolCents),
        members: format.number(preview.remainingMembers),
        cycles: format.number(preview.newTotalCycles),
      }),
    );
    for (const m of preview.movesUp)
      lines.push(t('summary.movesUp', { name: format.own(m.name), from: m.fromPosition, to: m.toPosition }));
    for (const d of preview.otherDebts)
      lines.push(t('summary.otherDebt', { name: format.own(d.name), amount: format.money(d.amountCents) }));
    if (preview.completesCircle) lines.push(t('summary.completes'));
  }
  if (preview.needsVote) lines.push(t('summary.vote', { count: preview.requiredApprovals }));
  return (
    <ul
      className="grid list-disc gap-2 ps-5 text-sm break-words text-slate-700"
      data-testid="removal-summary"
    >
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Loads the preview for the open dialog; a refusal (owner, debit in flight, frozen…) is said instead. */
export function usePreview(groupId: number, userId: number, open: boolean) {
  const errorText = useErrorText();
  const query = useQuery({ ...membershipQueries.preview(groupId, userId), enabled: open });
  return {
    preview: query.data ?? null,
    loading: query.isPending && open,
    refusal: query.isError ? errorText(query.error, 'membership:toast.removeFailedBody') : null,
  };
}
