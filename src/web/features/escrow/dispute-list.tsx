import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { Escrow } from './queries.ts';
import { ResolveDisputeDialog } from './resolve-dispute-dialog.tsx';

/** The escrow's disputes: open ones hold the release; resolved ones keep what was decided. */
export function DisputeList({ escrow, groupId }: { escrow: Escrow; groupId: number }) {
  const { t } = useTranslation('escrow');
  const format = useFormat();
  return (
    <section className="grid gap-2" aria-label={t('disputes.title')} data-testid="escrow-disputes">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Scale aria-hidden className="size-4 shrink-0 text-red-700" />
        {t('disputes.title')}
      </h3>
      <ul className="grid gap-2">
        {escrow.disputes.map((d) => (
          <li
            key={d.id}
            className={
              d.status === 'open'
                ? 'grid gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm'
                : 'grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm'
            }
            data-testid="escrow-dispute"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 break-words text-slate-700">
                {t('disputes.openedBy', { name: format.own(d.openedBy), date: format.instant(d.createdAt) })}
              </p>
              <Badge
                className={d.status === 'open' ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}
              >
                {d.status === 'open' ? t('disputes.statusOpen') : t('disputes.statusResolved')}
              </Badge>
            </div>
            <blockquote
              dir="auto"
              className="border-s-4 border-red-300 ps-3 break-words whitespace-pre-line text-slate-900"
            >
              {d.reason}
            </blockquote>
            {d.resolution && (
              <div className="grid gap-1">
                <p className="text-xs text-slate-600">
                  {d.resolvedAt
                    ? t('disputes.resolvedOn', { date: format.instant(d.resolvedAt) })
                    : t('disputes.statusResolved')}
                </p>
                <p dir="auto" className="break-words whitespace-pre-line text-slate-800">
                  {d.resolution}
                </p>
              </div>
            )}
            {d.canResolve && (
              <div>
                <ResolveDisputeDialog dispute={d} groupId={groupId} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
