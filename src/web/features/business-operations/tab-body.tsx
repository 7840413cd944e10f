import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';

/** A tab's figures: placeholders while they load, a retry if they fail, then the tab itself. */
export function TabBody<T>({
  query,
  children,
}: {
  query: UseQueryResult<T | null>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('businessOperations');
  if (query.isPending) return <TabSkeleton label={t('loading')} />;
  if (query.isError || !query.data)
    return (
      <TabLoadFailed message={t('failed')} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  return <>{children(query.data)}</>;
}
