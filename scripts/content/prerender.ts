// Pre-renders the public content pages (decision 0039): the built index.html with each page's title,
// description, canonical URL, hreflang alternates, Open Graph and Twitter tags, and its text as plain
// HTML, so the page reads before JavaScript runs and search engines and link previews see it. The
// React app starts hidden beside it and takes its place once the page has drawn (src/web/lib/prerendered.ts).
// The site's origin is not known at build time: the server puts it where ORIGIN_PLACEHOLDER stands.

import { readFileSync } from 'node:fs';
import { localizedPath, ORIGIN_PLACEHOLDER, PRERENDER_DIR } from '../../src/shared/content-pages.ts';
import {
  CONTENT_LANGUAGES,
  type ContentDocument,
  type ContentIndex,
  type ContentLanguage,
  contentPath,
  contentUrl,
} from '../../src/shared/schemas/content.ts';
import { type CompiledContent, escapeHtml } from './compile-content.ts';

/** The few rules the text paints with, inlined: no stylesheet stands between the page and its first paint. */
const PRERENDERED_CSS = readFileSync(new URL('./prerendered.css', import.meta.url), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .trim();

/** The app's stylesheet, code and code preloads, which the built index.html asks for in its head. */
const APP_ASSETS =
  /\s*<(?:link rel="(?:stylesheet|modulepreload)"[^>]*|script type="module"[^>]*><\/script)>/g;

/** What the server reads to know which paths have pre-rendered pages (and the sitemap lists). */
export type PrerenderManifest = { pages: { path: string; lastmod?: string }[]; languages: readonly string[] };

/** Words the pre-rendered frame needs besides the content: the app's own, from its locale files. */
export type FrameWords = { signIn: string; backToHome: string; skipToContent?: string };

type Page = {
  path: string;
  lang: ContentLanguage;
  title: string;
  description: string;
  body: string;
  type: 'website' | 'article';
  preload: string[];
  lastmod?: string;
};

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
    // The React page asks for the same JSON as soon as it runs: start fetching it now.
    ...page.preload.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" />`),
  ];
  return tags.join('\n    ');
}

function frame(page: Page, words: FrameWords): string {
  return `<div id="prerendered">
      <header><a href="/">SaveCircle</a> <a href="/auth">${escapeHtml(words.signIn)}</a></header>
      <main><article><h1>${escapeHtml(page.title)}</h1>
${page.body}
      </article></main>
      <footer><a href="/">${escapeHtml(words.backToHome)}</a></footer>
    </div>`;
}

/** The built index.html turned into one page: its language, head and text. */
export function renderPage(shell: string, page: Page, words: FrameWords): string {
  const dir = page.lang === 'ar' ? 'rtl' : 'ltr';
  let html = shell.replace(/<html[^>]*>/, `<html lang="${page.lang}" dir="${dir}">`);
  html = html.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  // The text first, then the app: its stylesheet and code load after the text has painted, and the app
  // (which needs them) takes over when they have.
  // The stylesheet first: the module script, deferred, then runs only once it has loaded.
  const assets = (html.match(APP_ASSETS)?.map((tag) => tag.trim()) ?? []).sort(
    (a, b) => Number(!a.includes('stylesheet')) - Number(!b.includes('stylesheet')),
  );
  if (!assets.some((tag) => tag.startsWith('<script type="module"')))
    throw new Error("index.html has no module script: the app's assets were not found to move");
  html = html.replace(APP_ASSETS, '');
  html = html.replace('</head>', `    ${head(page)}\n    <style>${PRERENDERED_CSS}</style>\n  </head>`);
  html = html.replace('</body>', `    ${assets.join('\n    ')}\n  </body>`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no <div id="root"></div> to pre-render beside');
  return html.replace(root, `${root}\n    ${frame(page, words)}`);
}

const link = (href: string, text: string) => `<a href="${href}">${escapeHtml(text)}</a>`;
const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** Every pre-rendered page in one language: the help centre, the blog, their articles and the pages. */
export function pagesIn(
  lang: ContentLanguage,
  index: ContentIndex,
  documents: ContentDocument[],
  sections: { help: { title: string; description: string }; blog: { title: string; description: string } },
): Page[] {
  const own = documents.filter((d) => d.lang === lang);
  const pages: Page[] = [
    {
      path: '/help',
      lang,
      ...sections.help,
      type: 'website',
      preload: [contentUrl.index(lang)],
      body: [
        `<p>${escapeHtml(sections.help.description)}</p>`,
        list(index.help.map((a) => link(contentPath.help(a.slug), a.title))),
        ...index.faq.map(
          (f) => `<section id="faq-${f.slug}"><h2>${escapeHtml(f.title)}</h2>${f.html}</section>`,
        ),
      ].join('\n'),
    },
    {
      path: '/blog',
      lang,
      ...sections.blog,
      type: 'website',
      preload: [contentUrl.index(lang)],
      body: [
        `<p>${escapeHtml(sections.blog.description)}</p>`,
        list(
          index.blog.map(
            (post) =>
              `${link(contentPath.blog(post.slug), post.title)}<p>${escapeHtml(post.description)}</p>`,
          ),
        ),
      ].join('\n'),
    },
  ];
  for (const document of own)
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
      body: document.html,
      lastmod: document.updated ?? document.date,
    });
  return pages;
}

/**
 * Every pre-rendered file of the site (file name under the web root → its text): each page in each
 * language, and the manifest the server reads.
 */
export function prerenderSite(
  shell: string,
  compiled: CompiledContent,
  wordsIn: (lang: ContentLanguage) => FrameWords,
): Map<string, string> {
  const files = new Map<string, string>();
  const manifest: PrerenderManifest = { pages: [], languages: CONTENT_LANGUAGES };
  for (const lang of CONTENT_LANGUAGES) {
    const words = wordsIn(lang);
    for (const page of pagesIn(
      lang,
      compiled.indexes.get(lang)!,
      compiled.documents,
      compiled.sections.get(lang)!,
    )) {
      files.set(prerenderFile(page.path, lang), renderPage(shell, page, words));
      if (lang === 'en') manifest.pages.push({ path: page.path, lastmod: page.lastmod });
    }
  }
  files.set(`${PRERENDER_DIR}/manifest.json`, JSON.stringify(manifest));
  return files;
}
