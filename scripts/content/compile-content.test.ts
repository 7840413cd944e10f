import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { payoutFeeCents } from '#shared/money.ts';
import {
  CONTENT_LANGUAGES,
  contentDocumentSchema,
  contentIndexSchema,
  contentUrl,
  searchDocumentsSchema,
} from '#shared/schemas/content.ts';
import { withdrawalFeeCents } from '#shared/withdrawals.ts';
import { ContentError, compileContent } from './compile-content.ts';

const contentDir = path.resolve(import.meta.dirname, '../../content');
const compiled = compileContent(contentDir);
const documentText = (lang: string, collection: 'pages', slug: string) =>
  compiled.documents
    .find((d) => d.lang === lang && d.collection === collection && d.slug === slug)!
    .html.replace(/<[^>]+>/g, ' ');
/** Every number written in a text, as its digits alone: "4,854.70", "4 854,70" and "4854,70" are all 485470. */
const numbersIn = (text: string) =>
  new Set((text.match(/\d(?:[\d,.\u00a0\u202f ]*\d)?/g) ?? []).map((n) => n.replace(/\D/g, '')));
const digits = (cents: number) => String(cents);

describe('the public content compiles', () => {
  it('into schema-valid JSON for every language: index, documents and search', () => {
    for (const lang of CONTENT_LANGUAGES) {
      const index = contentIndexSchema.parse(JSON.parse(compiled.files.get(contentUrl.index(lang))!));
      expect(index.faq).toHaveLength(6);
      expect(index.help.length).toBeGreaterThanOrEqual(4);
      expect(index.blog).toHaveLength(6);
      expect(index.blog.filter((post) => post.featured)).toHaveLength(1);
      expect(index.pages).toHaveLength(8);
      const search = searchDocumentsSchema.parse(JSON.parse(compiled.files.get(contentUrl.search(lang))!));
      expect(search).toHaveLength(index.faq.length + index.help.length);
      for (const post of index.blog)
        contentDocumentSchema.parse(
          JSON.parse(compiled.files.get(contentUrl.document(lang, 'blog', post.slug))!),
        );
    }
  });

  it('gives ## headings ids for a table of contents and wraps tables in a focusable named region', () => {
    const pricing = compiled.documents.find((d) => d.slug === 'pricing' && d.lang === 'ar')!;
    expect(pricing.headings.length).toBeGreaterThan(2);
    expect(pricing.html).toContain(`<h2 id="${pricing.headings[0]!.id}">`);
    expect(pricing.html).toMatch(
      /<div class="table-scroll" role="region" tabindex="0" aria-label="[^"]+"><table>/,
    );
    // Working notes in HTML comments never reach the page.
    expect(pricing.html).not.toContain('<!--');
  });

  // The pages' figures are written out in six languages; a change to the fee code must not leave them behind.
  it.each(CONTENT_LANGUAGES)('states the fees the money code charges (%s)', (lang) => {
    const pool = 10 * 500_00;
    const howItWorks = numbersIn(documentText(lang, 'pages', 'how-it-works'));
    for (const cents of [payoutFeeCents(pool), pool - payoutFeeCents(pool)])
      expect(howItWorks).toContain(digits(cents));
    const pricing = numbersIn(documentText(lang, 'pages', 'pricing'));
    const smallPool = 5 * 100_00;
    for (const cents of [
      payoutFeeCents(pool),
      pool - payoutFeeCents(pool),
      payoutFeeCents(smallPool),
      smallPool - payoutFeeCents(smallPool),
      1000_00 + withdrawalFeeCents('instant', 1000_00),
    ])
      expect(pricing, `${cents} cents`).toContain(digits(cents));
  });
});

describe('a content mistake stops the build, naming the file', () => {
  let copy: string;
  const edit = (file: string, change: (text: string) => string) => {
    copy = mkdtempSync(path.join(tmpdir(), 'content-'));
    cpSync(contentDir, copy, { recursive: true });
    const target = path.join(copy, file);
    writeFileSync(target, change(readFileSync(target, 'utf8')));
    return () => compileContent(copy);
  };
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it.each([
    [
      'raw HTML',
      'faq/what-are-the-fees/es.md',
      (t: string) => `${t}\n<script>alert(1)</script>\n`,
      /es\.md: raw HTML/,
    ],
    [
      'a front matter field of the wrong kind',
      'help/secure-your-account/fr.md',
      (t: string) => t.replace(/order: \d+/, 'order: "one"'),
      /fr\.md: front matter: order/,
    ],
    [
      'a link to no page',
      'pages/about/ko.md',
      (t: string) => `${t}\n[x](/nowhere)\n`,
      /ko\.md: link to \/nowhere/,
    ],
    [
      'a second featured post',
      'blog/choosing-your-payout-turn/zh.md',
      (t: string) => t.replace('featured: false', 'featured: true'),
      /blog \(zh\): 2 featured/,
    ],
    [
      'an h1 in the body',
      'pages/terms/en.md',
      (t: string) => `${t}\n# Another title\n`,
      /en\.md: the title is the page's only h1/,
    ],
    [
      'a table column without a heading',
      'pages/pricing/ar.md',
      (t: string) => t.replace('| البند |', '| |'),
      /ar\.md: every table column needs a heading/,
    ],
  ])('%s', (_what, file, change, message) => {
    expect(edit(file, change)).toThrow(message);
  });

  it('a missing language', () => {
    const compile = edit('faq/can-i-leave-early/ar.md', (t) => t);
    rmSync(path.join(copy, 'faq/can-i-leave-early/ar.md'));
    expect(compile).toThrow(ContentError);
    expect(compile).toThrow(/can-i-leave-early\/ar\.md: missing/);
  });
});
