import { useQuery } from '@tanstack/react-query';
import { UserRoundCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { isolate, useFormat } from '#web/lib/format.ts';
import { ownershipQueries, useOwnershipAction } from './queries.ts';

/** On the group page, to the member the owner offered the circle to: Accept or Decline. */
export function OwnershipOfferBanner({
  groupId,
  groupName,
  viewerId,
}: {
  groupId: number;
  groupName: string;
  viewerId: number;
}) {
  const { t } = useTranslation('ownership');
  const format = useFormat();
  const query = useQuery(ownershipQueries.open(groupId));
  const accept = useOwnershipAction(groupId, 'accept');
  const decline = useOwnershipAction(groupId, 'decline');
  const transfer = query.data?.transfer;
  if (!transfer || transfer.to.userId !== viewerId) return null;
  const busy = accept.isPending || decline.isPending;
  const names = { owner: isolate(transfer.from.fullName), group: isolate(groupName) };
  return (
    <section
      aria-labelledby="ownership-offer-title"
      className="flex items-start gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4"
      data-testid="ownership-offer"
    >
      <UserRoundCog aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-800" />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <h2 id="ownership-offer-title" className="font-semibold break-words text-slate-900">
          {t('banner.title', names)}
        </h2>
        <p className="break-words text-slate-800">
          {t('banner.body', { ...names, date: format.instantDay(transfer.expiresAt) })}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={busy}
            onClick={() => accept.mutate(undefined)}
            data-testid="ownership-accept"
          >
            {accept.isPending ? t('banner.accepting') : t('banner.accept')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => decline.mutate(undefined)}
            data-testid="ownership-decline"
          >
            {decline.isPending ? t('banner.declining') : t('banner.decline')}
          </Button>
        </div>
      </div>
    </section>
  );
}
