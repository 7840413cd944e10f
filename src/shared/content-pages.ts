// Plain constants, without zod: the web app's first download imports them (routes, start-up).
import { LANGUAGE_CODES } from './languages.ts';

/** The pages collection: one page each, at `/<slug>`. */
export const CONTENT_PAGES = [
  'security',
  'compliance',
  'privacy',
  'terms',
  'about',
  'features',
  'pricing',
  'how-it-works',
] as const;
export type ContentPageSlug = (typeof CONTENT_PAGES)[number];

/** Paths of the public content pages: the help centre, the blog, their articles, and the pages above. */
export const PUBLIC_CONTENT_PATH = new RegExp(`^/(?:help|blog|${CONTENT_PAGES.join('|')})(?:/|$)`);

/**
 * Pre-rendered pages (decision 0039): written by the web build under this folder of the web root, read by
 * the server, which puts the site's origin where the build left ORIGIN_PLACEHOLDER.
 */
export const PRERENDER_DIR = 'prerendered';
export const ORIGIN_PLACEHOLDER = '__SAVECIRCLE_ORIGIN__';

/** A public page's address in a language: English at the bare path, the others with `?lang=`. */
export const localizedPath = (path: string, lang: string) => `${path}${lang === 'en' ? '' : `?lang=${lang}`}`;

/** The content's languages; the compiled JSON lives under `contentUrl` (decision 0039). */
export const CONTENT_LANGUAGES = LANGUAGE_CODES;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export const HELP_CATEGORIES = [
  'getting-started',
  'account-security',
  'payments-payouts',
  'group-management',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const BLOG_CATEGORIES = [
  'education',
  'tips',
  'security',
  'success-stories',
  'comparison',
  'legal',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const contentUrl = {
  index: (lang: ContentLanguage) => `/content/${lang}/index.json`,
  document: (lang: ContentLanguage, collection: 'help' | 'blog' | 'pages', slug: string) =>
    `/content/${lang}/${collection}/${slug}.json`,
  search: (lang: ContentLanguage) => `/content/${lang}/search.json`,
};

/** Where each document is shown in the app. */
export const contentPath = {
  help: (slug: string) => `/help/${slug}`,
  blog: (slug: string) => `/blog/${slug}`,
  pages: (slug: string) => `/${slug}`,
};
