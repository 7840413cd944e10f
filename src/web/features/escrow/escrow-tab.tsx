import { useQuery } from '@tanstack/react-query';
import { Snowflake, Vault } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState, TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { EscrowCard } from './escrow-card.tsx';
import { escrowQueries } from './queries.ts';
import { SafeguardsSummary } from './safeguards-summary.tsx';

/** Escrow tab: the safeguards that gate a release, then each started cycle's escrow, newest first. */
export function EscrowTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('escrow');
  const errorText = useErrorText();
  const query = useQuery(escrowQueries.view(detail.group.id));

  if (query.isPending) return <TabSkeleton label={t('loading')} />;
  if (query.isError)
    return (
      <TabLoadFailed
        message={errorText(query.error, 'escrow:loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const view = query.data;
  return (
    <div className="grid gap-6" data-testid="escrow-tab">
      <SafeguardsSummary view={view} />
      {view.frozen && (
        <p
          className="flex items-start gap-2 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950"
          data-testid="escrow-frozen"
        >
          <Snowflake aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-800" />
          {t('frozen')}
        </p>
      )}
      {view.escrows.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Vault aria-hidden className="size-8" />}
            title={t('empty.title')}
            body={t('empty.body')}
            testId="escrow-empty"
          />
        </Card>
      ) : (
        view.escrows.map((escrow) => <EscrowCard key={escrow.id} escrow={escrow} detail={detail} />)
      )}
    </div>
  );
}
