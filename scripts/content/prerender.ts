// Pre-renders the public pages (decisions 0039, 0046): the built index.html with each page's title,
// description, canonical URL, hreflang alternates, Open Graph and Twitter tags, and inside #root the app's
// own HTML for that page and language (drawn by src/web/prerender/render-page.tsx), so the page shows
// whole before any script runs. Its code loads on the visitor's first interaction (public/load-app.js)
// and hydrates what is there. The site's origin is not known at build time: the server puts it where
// ORIGIN_PLACEHOLDER stands.

import { localizedPath, ORIGIN_PLACEHOLDER, PRERENDER_DIR } from '../../src/shared/content-pages.ts';
import {
  CONTENT_LANGUAGES,
  type ContentDocument,
  type ContentLanguage,
  contentPath,
  contentUrl,
} from '../../src/shared/schemas/content.ts';
import {
  SIGNED_IN_DIR,
  SIGNED_IN_LANG,
  SIGNED_IN_ROOT,
  SIGNED_IN_SHELL,
} from '../../src/shared/signed-in-pages.ts';
import { type CompiledContent, escapeHtml } from './compile-content.ts';

/** The app's code and its preloads, which the built index.html asks for at once. */
const APP_CODE = /\s*<(?:link rel="modulepreload"[^>]*|script type="module"[^>]*><\/script)>/g;
const SOURCE = /(?:src|href)="([^"]+)"/;

/** Resource hints React puts before the page's HTML (the logo's preload): they belong in the head. */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

/** What the server reads to know which paths have pre-rendered pages (and the sitemap lists). */
export type PrerenderManifest = { pages: { path: string; lastmod?: string }[]; languages: readonly string[] };

export type Page = {
  path: string;
  lang: ContentLanguage;
  title: string;
  description: string;
  type: 'website' | 'article';
  /** The content JSON the page shows: in its queries when drawn, and fetched with its code. */
  preload: string[];
  lastmod?: string;
};

/** Draws a page's HTML inside #root (the build's React renderer; a plain one in the server's tests). */
export type RenderApp = (page: Page) => Promise<string>;

/** A page's address in a language: English at the bare path, the others with `?lang=`. */
export const localizedUrl = (path: string, lang: string) =>
  `${ORIGIN_PLACEHOLDER}${localizedPath(path, lang)}`;

/** The file a path's page is written to, under PRERENDER_DIR. */
export const prerenderFile = (path: string, lang: string) => `${PRERENDER_DIR}/${lang}${path}.html`;

const OG_LOCALES: Record<ContentLanguage, string> = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  zh: 'zh_CN',
  ar: 'ar_SA',
  ko: 'ko_KR',
};

function head(page: Page): string {
  const url = localizedUrl(page.path, page.lang);
  const title = `${page.title} · SaveCircle`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    ...CONTENT_LANGUAGES.map(
      (lang) => `<link rel="alternate" hreflang="${lang}" href="${localizedUrl(page.path, lang)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${localizedUrl(page.path, 'en')}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:site_name" content="SaveCircle" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${ORIGIN_PLACEHOLDER}/icons/icon-512.png" />`,
    `<meta property="og:locale" content="${OG_LOCALES[page.lang]}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
  ];
  return tags.join('\n    ');
}

const ROOT = '<div id="root"></div>';

/**
 * The built index.html with its code loaded by /load-app.js rather than at once: the page is whole
 * without it, and the loader fetches it (entry and preloads) when it must, repeating what the reader did
 * meanwhile. The stylesheet stays in the head.
 */
function withLoader(shell: string): string {
  const tags = shell.match(APP_CODE) ?? [];
  if (!tags[0]?.includes('<script type="module"'))
    throw new Error("index.html has no module script first: the app's code was not found to defer");
  const [entry, ...preloads] = tags.map((tag) => SOURCE.exec(tag)?.[1] ?? '');
  const loader = `<script src="/load-app.js" data-module="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  const html = shell.replace(APP_CODE, '').replace('</body>', `    ${loader}\n  </body>`);
  if (!html.includes(ROOT)) throw new Error('index.html has no <div id="root"></div> to pre-render into');
  return html;
}

/**
 * What the server fills in to send a signed-in page it draws (decision 0048): the language where
 * SIGNED_IN_LANG stands, its direction where SIGNED_IN_DIR does, and #root with its data where
 * SIGNED_IN_ROOT does. The loader starts the app at once for a signed-in reader.
 */
export function signedInShell(shell: string): string {
  return withLoader(shell)
    .replace(/<html[^>]*>/, `<html lang="${SIGNED_IN_LANG}" dir="${SIGNED_IN_DIR}">`)
    .replace(ROOT, SIGNED_IN_ROOT);
}

/** The built index.html turned into one page: its language, head, and the app's HTML for it. */
export function renderPage(shell: string, page: Page, appHtml: string): string {
  const dir = page.lang === 'ar' ? 'rtl' : 'ltr';
  let html = withLoader(shell).replace(/<html[^>]*>/, `<html lang="${page.lang}" dir="${dir}">`);
  html = html.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  const hints = LEADING_HINTS.exec(appHtml)?.[0] ?? '';
  html = html.replace('</head>', `    ${head(page)}\n    ${hints}\n  </head>`);
  const drawn = appHtml.slice(hints.length);
  // The content JSON the page shows: the loader fetches it beside the code, for the app to hydrate with.
  const content = page.preload.join(' ');
  return html.replace(
    ROOT,
    `<div id="root" data-prerendered="${page.lang}" data-content="${content}">${drawn}</div>`,
  );
}

/** Every pre-rendered page in one language: the landing page, the help centre, the blog, their articles and the pages. */
export function pagesIn(
  lang: ContentLanguage,
  documents: ContentDocument[],
  sections: { help: { title: string; description: string }; blog: { title: string; description: string } },
  landing: { title: string; description: string },
): Page[] {
  const pages: Page[] = [
    { path: '/', lang, ...landing, type: 'website', preload: [] },
    { path: '/help', lang, ...sections.help, type: 'website', preload: [contentUrl.index(lang)] },
    { path: '/blog', lang, ...sections.blog, type: 'website', preload: [contentUrl.index(lang)] },
  ];
  for (const document of documents.filter((d) => d.lang === lang))
    pages.push({
      path: contentPath[document.collection](document.slug),
      lang,
      title: document.title,
      description: document.description,
      type: document.collection === 'blog' ? 'article' : 'website',
      // Articles also list their section's other articles, from the index.
      preload: [
        ...(document.collection === 'pages' ? [] : [contentUrl.index(lang)]),
        contentUrl.document(lang, document.collection, document.slug),
      ],
      lastmod: document.updated ?? document.date,
    });
  return pages;
}

/**
 * Every pre-rendered file of the site (file name under the web root → its text): each page in each
 * language, and the manifest the server reads.
 */
export async function prerenderSite(
  shell: string,
  compiled: CompiledContent,
  landingIn: (lang: ContentLanguage) => { title: string; description: string },
  renderApp: RenderApp,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const manifest: PrerenderManifest = { pages: [], languages: CONTENT_LANGUAGES };
  for (const lang of CONTENT_LANGUAGES) {
    for (const page of pagesIn(lang, compiled.documents, compiled.sections.get(lang)!, landingIn(lang))) {
      files.set(prerenderFile(page.path, lang), renderPage(shell, page, await renderApp(page)));
      if (lang === 'en') manifest.pages.push({ path: page.path, lastmod: page.lastmod });
    }
  }
  files.set(`${PRERENDER_DIR}/manifest.json`, JSON.stringify(manifest));
  files.set(`${PRERENDER_DIR}/${SIGNED_IN_SHELL}`, signedInShell(shell));
  return files;
}
