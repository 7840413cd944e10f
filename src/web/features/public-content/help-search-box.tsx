import { Search } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Input, Label } from '#web/components/ui/input.tsx';
import { isolate } from '#web/lib/format.ts';
import { useContentLanguage, useSearchDocuments } from './content-queries.ts';
import { createHelpSearch, type HelpSearchResult } from './help-search.ts';

/** A FAQ result is an anchor on this page: the browser scrolls to it and the FAQ list opens it. */
function ResultLink({ result }: { result: HelpSearchResult }) {
  const className = 'block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50';
  const kindClass = 'block text-xs font-medium uppercase tracking-wide text-slate-600';
  const { t } = useTranslation('publicContent');
  const body = (
    <>
      <span className={kindClass}>{t(`help.resultKind.${result.kind}`)}</span>
      <span className="font-medium text-brand-800">{result.title}</span>
    </>
  );
  if (result.url.includes('#'))
    return (
      <a href={result.url} className={className}>
        {body}
      </a>
    );
  return (
    <Link href={result.url} className={className}>
      {body}
    </Link>
  );
}

/**
 * Searches the FAQs and articles as the reader types. Enter opens the first result, Escape clears
 * the box, and the results are plain links, reached with Tab.
 */
export function HelpSearchBox() {
  const { t } = useTranslation('publicContent');
  const lang = useContentLanguage();
  const documents = useSearchDocuments();
  const [query, setQuery] = useState('');
  const [, navigate] = useLocation();
  const inputId = useId();
  const search = useMemo(
    () => (documents.data ? createHelpSearch(documents.data, lang) : null),
    [documents.data, lang],
  );
  const results = search ? search(query) : [];
  const typed = query.trim() !== '';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setQuery('');
      return;
    }
    const first = results[0];
    if (event.key !== 'Enter' || !first) return;
    event.preventDefault();
    if (first.url.includes('#')) window.location.assign(first.url);
    else navigate(first.url);
  };

  return (
    <search className="grid gap-3" aria-label={t('help.searchLabel')}>
      <Label htmlFor={inputId} className="sr-only">
        {t('help.searchLabel')}
      </Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={inputId}
          type="search"
          autoComplete="off"
          enterKeyHint="go"
          placeholder={t('help.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-12 bg-white ps-11 text-base"
          data-testid="help-search"
        />
      </div>
      {documents.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('help.searchUnavailable')}{' '}
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => void documents.refetch()}
          >
            {t('retry')}
          </button>
        </p>
      )}
      <p role="status" className="sr-only">
        {typed && search ? t('help.resultCount', { count: results.length }) : ''}
      </p>
      {typed && search && results.length > 0 && (
        <ul
          className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm"
          data-testid="help-results"
        >
          {results.map((result) => (
            <li key={result.id}>
              <ResultLink result={result} />
            </li>
          ))}
        </ul>
      )}
      {typed && search && results.length === 0 && (
        <div
          className="rounded-2xl border border-slate-200 bg-white p-5 text-center"
          data-testid="help-no-results"
        >
          <p className="font-semibold text-slate-900">
            {t('help.noResults', { query: isolate(query.trim()) })}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t('help.noResultsHint')}{' '}
            <Link href="/contact" className="font-medium text-brand-700 underline">
              {t('help.contactUs')}
            </Link>
          </p>
        </div>
      )}
    </search>
  );
}
