// Compiles the public pages' Markdown (content/, decision 0038) into the JSON the web app fetches
// (src/shared/schemas/content.ts), checking every file on the way: a wrong front matter, a missing
// language, raw HTML or a link to a page that does not exist stops the build with the file's name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import {
  CONTENT_LANGUAGES,
  CONTENT_PAGES,
  type ContentCollection,
  type ContentDocument,
  type ContentIndex,
  type ContentLanguage,
  contentPath,
  contentUrl,
  frontMatterSchemas,
  HELP_CATEGORIES,
  type SearchDocument,
} from '../../src/shared/schemas/content.ts';

/** Paths of the app that content may link to, besides the content's own pages. */
const APP_PATHS = ['/', '/auth', '/contact', '/help', '/blog'];
const COLLECTIONS = Object.keys(frontMatterSchemas) as ContentCollection[];

type Source = {
  collection: ContentCollection;
  slug: string;
  lang: ContentLanguage;
  file: string;
  // biome-ignore lint/suspicious/noExplicitAny: checked against the collection's schema before use.
  meta: any;
  html: string;
  headings: { id: string; text: string }[];
  links: string[];
  text: string;
};

export type CompiledContent = {
  /** URL path (`/content/...json`) → JSON text. */
  files: Map<string, string>;
  /** Every compiled document and index, for pre-rendering. */
  documents: ContentDocument[];
  indexes: Map<ContentLanguage, ContentIndex>;
  /** The help centre's and the blog's titles and descriptions per language. */
  sections: Map<ContentLanguage, Record<'help' | 'blog', { title: string; description: string }>>;
};

export class ContentError extends Error {}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e as 'amp']!,
    )
    .replace(/\s+/g, ' ')
    .trim();

/** Minutes to read at ~220 words a minute; a CJK character counts as half a word. */
export function readingMinutes(text: string): number {
  const cjk = (text.match(/[\u3040-\u30ff\u3400-\u9fff]/g) ?? []).length;
  const words = text
    .replace(/[\u3040-\u30ff\u3400-\u9fff]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round((words + cjk / 2) / 220));
}

/**
 * Markdown to HTML for one file. `##` headings get ids (`section-1`, ... the same in every language, for a
 * table of contents); a table is wrapped in a focusable, named region that scrolls on a phone; raw HTML
 * is refused (an HTML comment, used for working notes, is dropped).
 */
function render(markdown: string, title: string, file: string) {
  const headings: { id: string; text: string }[] = [];
  const links: string[] = [];
  let lastHeading = title;
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    walkTokens(token) {
      if (token.type === 'link') links.push((token as Tokens.Link).href);
      if (token.type === 'html' && !/^\s*<!--[\s\S]*-->\s*$/.test((token as Tokens.HTML).raw))
        throw new ContentError(
          `${file}: raw HTML is not allowed: ${(token as Tokens.HTML).raw.trim().slice(0, 60)}`,
        );
    },
    renderer: {
      html: () => '',
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        if (depth === 1) throw new ContentError(`${file}: the title is the page's only h1; use ## headings`);
        lastHeading = stripTags(inner);
        if (depth !== 2) return `<h${depth}>${inner}</h${depth}>\n`;
        const id = `section-${headings.length + 1}`;
        headings.push({ id, text: lastHeading });
        return `<h2 id="${id}">${inner}</h2>\n`;
      },
      table(token) {
        // Inside a region a keyboard can scroll (axe scrollable-region-focusable), named by its section.
        // A screen reader names each cell by its column's heading (axe empty-table-header).
        if (token.header.some((c) => c.text.trim() === ''))
          throw new ContentError(`${file}: every table column needs a heading`);
        return `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(lastHeading)}">${defaultTable(this, token)}</div>\n`;
      },
    },
  });
  const html = marked.parse(markdown) as string;
  return { html, headings, links, text: stripTags(html) };
}

/** A table as Marked writes it, but with header cells scoped. */
function defaultTable(
  renderer: { parser: { parseInline: (t: Tokens.Generic[]) => string } },
  token: Tokens.Table,
) {
  const cell = (c: Tokens.TableCell, tag: 'th' | 'td') => {
    const align = c.align ? ` style="text-align:${c.align}"` : '';
    const scope = tag === 'th' ? ' scope="col"' : '';
    return `<${tag}${scope}${align}>${renderer.parser.parseInline(c.tokens)}</${tag}>`;
  };
  const head = `<thead><tr>${token.header.map((c) => cell(c, 'th')).join('')}</tr></thead>`;
  const rows = token.rows.map((row) => `<tr>${row.map((c) => cell(c, 'td')).join('')}</tr>`).join('');
  return `<table>${head}<tbody>${rows}</tbody></table>`;
}

function splitFrontMatter(raw: string, file: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new ContentError(`${file}: no front matter (--- ... ---) at the top`);
  return { yaml: match[1]!, body: match[2]! };
}

function readSources(contentDir: string): Source[] {
  const sources: Source[] = [];
  for (const collection of COLLECTIONS) {
    const dir = path.join(contentDir, collection);
    for (const slug of readdirSync(dir).sort()) {
      for (const lang of CONTENT_LANGUAGES) {
        const file = path.join(collection, slug, `${lang}.md`);
        let raw: string;
        try {
          raw = readFileSync(path.join(contentDir, file), 'utf8');
        } catch {
          throw new ContentError(`${file}: missing (every page exists in ${CONTENT_LANGUAGES.join(', ')})`);
        }
        const { yaml, body } = splitFrontMatter(raw, file);
        const parsed = frontMatterSchemas[collection].safeParse(parseYaml(yaml));
        if (!parsed.success)
          throw new ContentError(
            `${file}: front matter: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          );
        sources.push({
          collection,
          slug,
          lang,
          file,
          meta: parsed.data,
          ...render(body, parsed.data.title, file),
        });
      }
    }
  }
  return sources;
}

/** The rules across files: the same set and order everywhere, links that lead somewhere. */
function checkCollections(sources: Source[]) {
  const slugsOf = (collection: ContentCollection) => [
    ...new Set(sources.filter((s) => s.collection === collection).map((s) => s.slug)),
  ];
  const problems: string[] = [];
  if (slugsOf('sections').join() !== 'blog,help')
    problems.push('content/sections holds exactly blog and help');
  const pages = slugsOf('pages');
  if (pages.join() !== [...CONTENT_PAGES].sort().join())
    problems.push(`content/pages holds ${pages.join(', ')}; expected ${CONTENT_PAGES.join(', ')}`);
  for (const lang of CONTENT_LANGUAGES) {
    const of = (collection: ContentCollection) =>
      sources.filter((s) => s.lang === lang && s.collection === collection);
    const faqOrders = of('faq')
      .map((s) => s.meta.order)
      .sort();
    if (faqOrders.join() !== '1,2,3,4,5,6')
      problems.push(`faq (${lang}): orders ${faqOrders.join()}; expected 1–6`);
    const featured = of('blog').filter((s) => s.meta.featured);
    if (featured.length !== 1)
      problems.push(`blog (${lang}): ${featured.length} featured posts; expected exactly one`);
    for (const category of HELP_CATEGORIES)
      if (!of('help').some((s) => s.meta.category === category))
        problems.push(`help (${lang}): no ${category} article`);
  }
  // A page keeps its facts in every language: the same category, order, date and links as English.
  const english = new Map(
    sources.filter((s) => s.lang === 'en').map((s) => [`${s.collection}/${s.slug}`, s]),
  );
  for (const source of sources) {
    const en = english.get(`${source.collection}/${source.slug}`)!;
    for (const key of ['category', 'order', 'date', 'featured', 'updated'])
      if (JSON.stringify(source.meta[key]) !== JSON.stringify(en.meta[key]))
        problems.push(`${source.file}: ${key} differs from the English file`);
    if ([...source.links].sort().join() !== [...en.links].sort().join())
      problems.push(`${source.file}: links differ from the English file (${source.links.join(' ')})`);
  }
  const known = new Set([
    ...APP_PATHS,
    ...slugsOf('pages').map(contentPath.pages),
    ...slugsOf('help').map(contentPath.help),
    ...slugsOf('blog').map(contentPath.blog),
  ]);
  for (const source of sources)
    for (const link of source.links) {
      const target = link.split('#')[0]!.split('?')[0]!;
      if (!/^(https:|mailto:)/.test(link) && !known.has(target))
        problems.push(`${source.file}: link to ${link}, which is no page of the app`);
    }
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
}

function documentOf(source: Source): ContentDocument {
  const { meta } = source;
  return {
    collection: source.collection as ContentDocument['collection'],
    slug: source.slug,
    lang: source.lang,
    title: meta.title,
    description: meta.description,
    html: source.html,
    headings: source.headings,
    category: meta.category,
    tags: meta.tags,
    date: meta.date,
    updated: meta.updated,
    author: meta.author,
    readingMinutes: source.collection === 'blog' ? readingMinutes(source.text) : undefined,
  };
}

/** Reads, checks and compiles everything under `contentDir`; throws a ContentError naming each problem. */
export function compileContent(contentDir: string): CompiledContent {
  const sources = readSources(contentDir);
  checkCollections(sources);
  const files = new Map<string, string>();
  const documents: ContentDocument[] = [];
  const indexes = new Map<ContentLanguage, ContentIndex>();
  const sections: CompiledContent['sections'] = new Map();
  for (const lang of CONTENT_LANGUAGES) {
    const of = (collection: ContentCollection) =>
      sources.filter((s) => s.lang === lang && s.collection === collection);
    const byOrder = (a: Source, b: Source) => a.meta.order - b.meta.order;
    const help = of('help').sort(
      (a, b) =>
        HELP_CATEGORIES.indexOf(a.meta.category) - HELP_CATEGORIES.indexOf(b.meta.category) || byOrder(a, b),
    );
    const blog = of('blog').sort(
      (a, b) => b.meta.date.localeCompare(a.meta.date) || a.slug.localeCompare(b.slug),
    );
    const index: ContentIndex = {
      lang,
      faq: of('faq')
        .sort(byOrder)
        .map((s) => ({
          slug: s.slug,
          title: s.meta.title,
          description: s.meta.description,
          order: s.meta.order,
          html: s.html,
        })),
      help: help.map((s) => ({
        slug: s.slug,
        title: s.meta.title,
        description: s.meta.description,
        category: s.meta.category,
        order: s.meta.order,
      })),
      blog: blog.map((s) => ({
        slug: s.slug,
        title: s.meta.title,
        description: s.meta.description,
        category: s.meta.category,
        tags: s.meta.tags,
        date: s.meta.date,
        featured: s.meta.featured,
        author: s.meta.author,
        readingMinutes: readingMinutes(s.text),
      })),
      pages: of('pages').map((s) => ({
        slug: s.slug,
        title: s.meta.title,
        description: s.meta.description,
        updated: s.meta.updated,
      })),
    };
    indexes.set(lang, index);
    const section = (slug: string) => {
      const { title, description } = of('sections').find((s) => s.slug === slug)!.meta;
      return { title, description };
    };
    sections.set(lang, { help: section('help'), blog: section('blog') });
    files.set(contentUrl.index(lang), JSON.stringify(index));
    for (const source of [...help, ...blog, ...of('pages')]) {
      const document = documentOf(source);
      documents.push(document);
      files.set(contentUrl.document(lang, document.collection, source.slug), JSON.stringify(document));
    }
    const search: SearchDocument[] = [
      ...of('faq').map((s) => ({
        id: `faq/${s.slug}`,
        kind: 'faq' as const,
        slug: s.slug,
        title: s.meta.title,
        text: s.text,
        url: `/help#faq-${s.slug}`,
      })),
      ...help.map((s) => ({
        id: `help/${s.slug}`,
        kind: 'help' as const,
        slug: s.slug,
        title: s.meta.title,
        text: s.text,
        url: contentPath.help(s.slug),
      })),
    ];
    files.set(contentUrl.search(lang), JSON.stringify(search));
  }
  return { files, documents, indexes, sections };
}
