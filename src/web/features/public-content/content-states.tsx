import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import NotFoundPage from '#web/features/errors/not-found-page.tsx';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
import { ContentNotFoundError } from './content-queries.ts';

export function ContentLoading() {
  const { t } = useTranslation('publicContent');
  return <TabSkeleton label={t('loading')} cards={2} testId="content-loading" />;
}

export function ContentLoadFailed(props: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('publicContent');
  return (
    <>
      <TabLoadFailed message={t('loadFailed')} onRetry={props.onRetry} retrying={props.retrying} />
      <PrerenderedHandOff />
    </>
  );
}

/** A query's skeleton, then its error with a retry, then `children` with the data. */
export function QueryContent<T>(props: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { query } = props;
  if (query.isPending) return <ContentLoading />;
  if (query.isError)
    return <ContentLoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <>
      {props.children(query.data)}
      <PrerenderedHandOff />
    </>
  );
}

/** The app's own not-found page, as for any unknown address (a slug no content file has). */
export function MissingContent() {
  return (
    <>
      <NotFoundPage />
      <PrerenderedHandOff />
    </>
  );
}

/** A slug no content file has. */
export function isMissing(...queries: { error: unknown }[]): boolean {
  return queries.some((query) => query.error instanceof ContentNotFoundError);
}
