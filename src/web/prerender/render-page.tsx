// The build's pre-rendering of the public pages (decision 0046): the app's own tree drawn to HTML in
// Node, once per page and language, so the browser shows the real page before any script runs and
// hydrates it when the visitor first interacts. Built by Vite as an SSR bundle (scripts/build.ts).
import type { Resource } from 'i18next';
import { prerender } from 'react-dom/static';
import { authQueries } from '#web/features/auth/queries.ts';
import { contentKey } from '#web/features/public-content/content-queries.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { Root } from '#web/root.tsx';
import { serverI18n } from './server-i18n.ts';

export type PageToRender = {
  path: string;
  /** The query string the page's address has, without "?" ("lang=fr", or "" for English). */
  search: string;
  lang: string;
  /** Every namespace's words in the page's language and in English (the fallback). */
  resources: Resource;
  /** The content JSON the page shows, by its address: [url, data]. */
  content: [string, unknown][];
};

/** The page's HTML: what the app draws inside #root for this path and language. */
export async function renderPage(page: PageToRender): Promise<string> {
  const i18n = await serverI18n(page.lang, page.resources);
  queryClient.clear();
  // Drawn for a visitor; a signed-in reader's browser draws the page anew instead of hydrating (main.tsx).
  queryClient.setQueryData(authQueries.user().queryKey, null);
  for (const [url, data] of page.content) queryClient.setQueryData(contentKey(url), data);
  const { prelude } = await prerender(<Root i18n={i18n} ssrPath={page.path} ssrSearch={page.search} />);
  return new Response(prelude).text();
}
