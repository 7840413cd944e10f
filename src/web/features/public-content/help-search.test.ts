import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES, type ContentLanguage, type SearchDocument } from '#shared/schemas/content.ts';
import { createHelpSearch, termNormalizer, tokenizer } from './help-search.ts';

const contentDir = path.join(import.meta.dirname, '..', '..', '..', '..', 'content');

/**
 * The search documents of one language, read from the real Markdown (title from the front matter,
 * the body with its Markdown marks removed), as the content compiler writes them to search.json.
 */
function searchDocuments(lang: ContentLanguage): SearchDocument[] {
  return (['faq', 'help'] as const).flatMap((kind) =>
    readdirSync(path.join(contentDir, kind)).map((slug) => {
      const source = readFileSync(path.join(contentDir, kind, slug, `${lang}.md`), 'utf8');
      const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
      const title = JSON.parse(/^title: (.*)$/m.exec(frontMatter)?.[1] ?? '""') as string;
      const text = body
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[#*_`>|]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      const url = kind === 'faq' ? `/help#faq-${slug}` : `/help/${slug}`;
      return { id: `${kind}:${slug}`, kind, slug, title, text, url };
    }),
  );
}

/** Each document's words as the search indexes them. */
function wordsOf(docs: SearchDocument[], lang: ContentLanguage): Map<string, Set<string>> {
  const split = tokenizer(lang);
  const normalize = termNormalizer(lang);
  return new Map(
    docs.map((doc) => [doc.id, new Set(split(`${doc.title} ${doc.text}`).map(normalize))] as const),
  );
}

/**
 * A word of the FAQ's answer that no other document has, nor starts a word of another document
 * (which a prefix search would also find): the longest such word, of the wanted length.
 */
function distinctiveWord(
  doc: SearchDocument,
  words: Map<string, Set<string>>,
  fits: (word: string) => boolean,
): string | undefined {
  const others = [...words].filter(([id]) => id !== doc.id).flatMap(([, set]) => [...set]);
  const candidates = [...(words.get(doc.id) ?? [])]
    .filter((word) => fits(word) && /^\p{L}+$/u.test(word))
    .filter((word) => !others.some((other) => other.startsWith(word)));
  return candidates.sort((a, b) => b.length - a.length || a.localeCompare(b))[0];
}

/** One wrong letter in the middle of the word. */
function typo(word: string): string {
  const at = Math.floor(word.length / 2);
  const wrong = word[at] === 'x' ? 'z' : 'x';
  return word.slice(0, at) + wrong + word.slice(at + 1);
}

const TOP = 3;
const latin = (word: string) => [...word].length >= 6;
const isHan = (word: string) => /^\p{Script=Han}{2}$/u.test(word);

describe('the help search, over the real content', () => {
  for (const lang of CONTENT_LANGUAGES) {
    const docs = searchDocuments(lang);
    const search = createHelpSearch(docs, lang);
    const words = wordsOf(docs, lang);
    const faqs = docs.filter((doc) => doc.kind === 'faq');

    it(`${lang}: has the six FAQs and every article`, () => {
      expect(faqs).toHaveLength(6);
      expect(docs.length).toBeGreaterThan(6);
    });

    for (const faq of faqs) {
      it(`${lang}: a distinctive word of “${faq.slug}” finds it among the first results`, () => {
        const fits =
          lang === 'zh' ? isHan : lang === 'ko' || lang === 'ar' ? (w: string) => w.length >= 2 : latin;
        const word = distinctiveWord(faq, words, fits);
        expect(word, `no distinctive word in ${lang}/${faq.slug}`).toBeDefined();
        const found = search(word ?? '')
          .slice(0, TOP)
          .map((result) => result.id);
        expect(found, `“${word}”`).toContain(faq.id);
      });

      if (lang === 'en' || lang === 'es' || lang === 'fr') {
        it(`${lang}: a word of “${faq.slug}” with one wrong letter still finds it`, () => {
          const word = distinctiveWord(faq, words, latin) ?? '';
          const found = search(typo(word))
            .slice(0, TOP)
            .map((result) => result.id);
          expect(found, `“${typo(word)}” for “${word}”`).toContain(faq.id);
        });
      }
    }
  }

  it('matches French and Spanish words typed without their accents', () => {
    const search = createHelpSearch(searchDocuments('fr'), 'fr');
    expect(search('securite').length).toBeGreaterThan(0);
    expect(search('sécurité').map((r) => r.id)).toEqual(search('securite').map((r) => r.id));
  });

  it('finds a Chinese two-character word inside unspaced text', () => {
    const search = createHelpSearch(searchDocuments('zh'), 'zh');
    expect(search('密码').map((result) => result.id)).toContain('help:secure-your-account');
  });

  it('links a FAQ into the help page and an article to its own page', () => {
    const search = createHelpSearch(searchDocuments('en'), 'en');
    const results = search('password');
    expect(results.some((r) => r.url === '/help/secure-your-account')).toBe(true);
    expect(search('  ')).toEqual([]);
  });
});
