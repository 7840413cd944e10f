import { z } from 'zod';

import { BLOG_CATEGORIES, CONTENT_LANGUAGES, HELP_CATEGORIES } from '../content-pages.ts';

export {
  BLOG_CATEGORIES,
  type BlogCategory,
  CONTENT_LANGUAGES,
  CONTENT_PAGES,
  type ContentLanguage,
  type ContentPageSlug,
  contentPath,
  contentUrl,
  HELP_CATEGORIES,
  type HelpCategory,
} from '../content-pages.ts';

/**
 * The public pages' long-form content (decision 0038): Markdown files in `content/`, checked against
 * these schemas and compiled to JSON at build time (decision 0039). The web app fetches the JSON from
 * `contentUrl(...)`; the server never reads it.
 */
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const day = z.iso.date();
const common = { title: z.string().min(1).max(120), description: z.string().min(1).max(160) };

/** Front matter of each collection, as the Markdown files must write it. */
export const frontMatterSchemas = {
  faq: z.strictObject({ ...common, order: z.int().min(1).max(6) }),
  help: z.strictObject({ ...common, category: z.enum(HELP_CATEGORIES), order: z.int().min(1).max(20) }),
  blog: z.strictObject({
    ...common,
    category: z.enum(BLOG_CATEGORIES),
    /** Shown on the cards (the first two), in the page's language. */
    tags: z.array(z.string().min(1).max(30)).min(2).max(3),
    date: day,
    featured: z.boolean(),
    author: z.string().min(1).max(60),
  }),
  pages: z.strictObject({ ...common, updated: day.optional() }),
  /** The help centre's and the blog's own title and description (`help`, `blog`), for their page heads. */
  sections: z.strictObject(common),
} as const;
export type ContentCollection = keyof typeof frontMatterSchemas;

/** A `##` heading of a page, for its table of contents (the id is the anchor in the HTML). */
const headingSchema = z.object({ id: z.string(), text: z.string() });

const summary = { slug, title: z.string(), description: z.string() };

export const faqEntrySchema = z.object({ ...summary, order: z.int(), html: z.string() });
export const helpSummarySchema = z.object({ ...summary, category: z.enum(HELP_CATEGORIES), order: z.int() });
export const blogSummarySchema = z.object({
  ...summary,
  category: z.enum(BLOG_CATEGORIES),
  tags: z.array(z.string()),
  date: day,
  featured: z.boolean(),
  author: z.string(),
  /** Minutes to read, from the word count (CJK characters counted as words). */
  readingMinutes: z.int().min(1),
});

/** `/content/<lang>/index.json`: every collection's list, in display order (FAQs whole: they are short). */
export const contentIndexSchema = z.object({
  lang: z.enum(CONTENT_LANGUAGES),
  faq: z.array(faqEntrySchema),
  help: z.array(helpSummarySchema),
  blog: z.array(blogSummarySchema),
  pages: z.array(z.object({ ...summary, updated: day.optional() })),
});
export type ContentIndex = z.infer<typeof contentIndexSchema>;

/** `/content/<lang>/<collection>/<slug>.json`: one help article, blog post or page, its body as HTML. */
export const contentDocumentSchema = z.object({
  collection: z.enum(['help', 'blog', 'pages']),
  slug,
  lang: z.enum(CONTENT_LANGUAGES),
  title: z.string(),
  description: z.string(),
  html: z.string(),
  headings: z.array(headingSchema),
  category: z.string().optional(),
  tags: z.array(z.string()).optional(),
  date: day.optional(),
  updated: day.optional(),
  author: z.string().optional(),
  readingMinutes: z.int().optional(),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

/** `/content/<lang>/search.json`: what the help search indexes (FAQs and help articles), as plain text. */
export const searchDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['faq', 'help']),
  slug,
  title: z.string(),
  text: z.string(),
  /** Where a result leads: `/help/<slug>` for an article, `/help#faq-<slug>` for a FAQ. */
  url: z.string(),
});
export const searchDocumentsSchema = z.array(searchDocumentSchema);
export type SearchDocument = z.infer<typeof searchDocumentSchema>;
