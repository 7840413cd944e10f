import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, type ContentLanguage, contentUrl } from '#shared/content-pages.ts';
import type { ContentDocument, ContentIndex, SearchDocument } from '#shared/schemas/content.ts';

/** A content file that does not exist: the page shows "not found" instead of an error with a retry. */
export class ContentNotFoundError extends Error {}

/** The reader's language if the content is written in it (all six are), else English. */
export function useContentLanguage(): ContentLanguage {
  const { i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').split('-')[0] ?? 'en';
  return (CONTENT_LANGUAGES as readonly string[]).includes(code) ? (code as ContentLanguage) : 'en';
}

/**
 * The build checked every file against the content schemas before writing it (decision 0039), so the
 * page trusts its own site's JSON: checking it again would make every content page download zod.
 */
async function fetchContent<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.status === 404) throw new ContentNotFoundError(url);
  if (!response.ok) throw new Error(`${response.status}: ${url}`);
  return (await response.json()) as T;
}

export const contentKey = (url: string) => ['public-content', url] as const;

/** Every collection's list in the reader's language (FAQs whole). */
export function useContentIndex() {
  const url = contentUrl.index(useContentLanguage());
  return useQuery({ queryKey: contentKey(url), queryFn: () => fetchContent<ContentIndex>(url) });
}

/** One help article, blog post or page in the reader's language. */
export function useContentDocument(collection: 'help' | 'blog' | 'pages', slug: string) {
  const url = contentUrl.document(useContentLanguage(), collection, slug);
  return useQuery({ queryKey: contentKey(url), queryFn: () => fetchContent<ContentDocument>(url) });
}

/** The help search's documents (FAQs and articles as plain text) in the reader's language. */
export function useSearchDocuments() {
  const url = contentUrl.search(useContentLanguage());
  return useQuery({ queryKey: contentKey(url), queryFn: () => fetchContent<SearchDocument[]>(url) });
}

/**
 * A pre-rendered page names the content it shows (#root's data-content, decision 0046), which
 * public/load-app.js has started fetching: in the cache before the app's first draw, the page hydrates
 * with exactly what the build drew it with.
 */
export function prefetchPreloadedContent(client: QueryClient): Promise<unknown> {
  const named = document.getElementById('root')?.dataset.content ?? '';
  const urls = named.split(' ').filter((url) => url.startsWith('/content/'));
  return Promise.all(
    urls.map((url) => client.prefetchQuery({ queryKey: contentKey(url), queryFn: () => fetchContent(url) })),
  );
}
