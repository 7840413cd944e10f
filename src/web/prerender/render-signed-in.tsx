// The server's drawing of the signed-in pages a member opens most, the dashboard and a circle's page
// (decision 0048): the app's own tree drawn to HTML at request time with the member's data, so a phone
// shows the page before the app's code has arrived. Built by Vite as a self-contained SSR bundle
// (scripts/content/build-prerendered.ts) that the server loads on its first such page.
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n, Resource } from 'i18next';
import { prerender } from 'react-dom/static';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import { authQueries } from '#web/features/auth/queries.ts';
import { dashboardQueries } from '#web/features/dashboard/queries.ts';
import { parseGroupId } from '#web/features/group-page/group-id.ts';
import { groupDetailQueries } from '#web/lib/group-detail.ts';
import { Root } from '#web/root.tsx';
import { serverI18n } from './server-i18n.ts';

const words = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** A read the page draws from: the API address the server asks, and the app's query it fills. */
export type PageRead = { url: string; queryKey: readonly unknown[] };

/** What the page draws from besides who is signed in, or null when the server does not draw it. */
export function pageReads(pathname: string, userId: number): PageRead[] | null {
  if (pathname === '/dashboard')
    return [{ url: `/api/user/${userId}/dashboard`, queryKey: dashboardQueries.detail(userId).queryKey }];
  const group = /^\/groups\/([^/]+)$/.exec(pathname);
  const groupId = group ? parseGroupId(group[1]) : null;
  if (groupId !== null)
    return [{ url: `/api/groups/${groupId}`, queryKey: groupDetailQueries.detail(groupId).queryKey }];
  return null;
}

/** The key the signed-in user's own reply (`GET /api/user`) fills. */
export const userQueryKey = authQueries.user().queryKey;

/** The languages the server can draw in: those the app has words for. */
export const drawnLanguages: readonly string[] = LANGUAGE_CODES;

// One instance per language, made once: drawing only reads from it, so concurrent pages share it.
const instances = new Map<string, Promise<I18n>>();
function i18nIn(lang: string): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const resources: Resource = {};
    for (const [file, namespace] of Object.entries(words)) {
      const [, code, name] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
      if (code !== lang && code !== 'en') continue;
      resources[code!] ??= {};
      resources[code!]![name!] = namespace;
    }
    instance = serverI18n(lang, resources);
    instances.set(lang, instance);
  }
  return instance;
}

export type SignedInPage = {
  path: string;
  /** The query string without "?" ("tab=members"), or "". */
  search: string;
  lang: string;
  /** Each read's query key and its reply, the signed-in user's first. */
  data: [readonly unknown[], unknown][];
};

/**
 * The page's HTML inside #root. Each drawing has its own query cache: the browser's shared one is never
 * touched here, so one member's data cannot reach another's page.
 */
export async function renderSignedIn(page: SignedInPage): Promise<string> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const [queryKey, data] of page.data) queryClient.setQueryData(queryKey, data);
  const i18n = await i18nIn(page.lang);
  const { prelude } = await prerender(
    <Root i18n={i18n} queryClient={queryClient} ssrPath={page.path} ssrSearch={page.search} />,
    // A part that loads its code (a lazy tab) is written in place, whatever its size: React's default
    // sends a large one apart with an inline script to move it, which the page's CSP does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return html;
}
