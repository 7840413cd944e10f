// Plain constants, without zod: the web app's first download imports them (routes, start-up).

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
