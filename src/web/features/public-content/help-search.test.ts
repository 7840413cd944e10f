import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  contentUrl,
  type SearchDocument,
  searchDocumentsSchema,
} from '#shared/schemas/content.ts';
import { compileContent } from '../../../../scripts/content/compile-content.ts';
import { createHelpSearch, termNormalizer, tokenizer } from './help-search.ts';

// The real content, compiled as the build does: the search.json each language serves.
const compiled = compileContent(path.join(import.meta.dirname, '..', '..', '..', '..', 'content'));
function searchDocuments(lang: ContentLanguage): SearchDocument[] {
  return searchDocumentsSchema.parse(JSON.parse(compiled.files.get(contentUrl.search(lang)) ?? '[]'));
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
  lang: ContentLanguage,
  doc: SearchDocument,
  words: Map<string, Set<string>>,
  fits: (word: string) => boolean,
): string | undefined {
  const others = [...words].filter(([id]) => id !== doc.id).flatMap(([, set]) => [...set]);
  const answer = new Set(tokenizer(lang)(doc.text).map(termNormalizer(lang)));
  const candidates = [...answer]
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

    const fits =
      lang === 'zh' ? isHan : lang === 'ko' || lang === 'ar' ? (w: string) => w.length >= 2 : latin;
    for (const faq of faqs) {
      const word = distinctiveWord(lang, faq, words, fits) ?? '';
      it(`${lang}: “${word}” (a word of the answer only “${faq.slug}” has) finds it among the first results`, () => {
        expect(word, `no distinctive word in ${lang}/${faq.slug}`).not.toBe('');
        const found = search(word)
          .slice(0, TOP)
          .map((result) => result.id);
        expect(found).toContain(faq.id);
      });

      if (lang === 'en' || lang === 'es' || lang === 'fr') {
        it(`${lang}: “${typo(word)}”, one letter off “${word}”, still finds “${faq.slug}”`, () => {
          const found = search(typo(word))
            .slice(0, TOP)
            .map((result) => result.id);
          expect(found).toContain(faq.id);
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
    expect(search('密码').map((result) => result.id)).toContain('help/secure-your-account');
  });

  it('links a FAQ into the help page and an article to its own page', () => {
    const search = createHelpSearch(searchDocuments('en'), 'en');
    const results = search('password');
    expect(results.some((r) => r.url === '/help/secure-your-account')).toBe(true);
    expect(search('  ')).toEqual([]);
  });
});
