import MiniSearch from 'minisearch';
import type { ContentLanguage, SearchDocument } from '#shared/schemas/content.ts';

export type HelpSearchResult = Pick<SearchDocument, 'id' | 'kind' | 'slug' | 'title' | 'url'>;

/** How many results the box lists: enough to choose from, short enough to Tab through. */
const MAX_RESULTS = 8;

// Languages whose readers often type without accents ("securite" for "sécurité").
const ACCENT_FOLDED: ReadonlySet<ContentLanguage> = new Set(['es', 'fr']);

/**
 * Words as the language splits them: Intl.Segmenter knows where Chinese words end (no spaces) and
 * keeps Korean and Arabic words whole, which a split on spaces and punctuation would not.
 */
export function tokenizer(lang: ContentLanguage): (text: string) => string[] {
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  return (text) => {
    const words: string[] = [];
    for (const part of segmenter.segment(text)) if (part.isWordLike) words.push(part.segment);
    return words;
  };
}

/** Lowercase, and for es/fr without accents; never decomposes Korean syllables (NFD would). */
export function termNormalizer(lang: ContentLanguage): (term: string) => string {
  const fold = ACCENT_FOLDED.has(lang);
  return (term) => {
    const lower = term.toLocaleLowerCase(lang);
    return fold ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
  };
}

/**
 * The help centre's search over the FAQs and articles of one language: ranked (title words count
 * double), typo tolerant (about one wrong letter in five) and matching words still being typed.
 */
export function createHelpSearch(
  docs: readonly SearchDocument[],
  lang: ContentLanguage,
): (query: string) => HelpSearchResult[] {
  const index = new MiniSearch<SearchDocument>({
    fields: ['title', 'text'],
    storeFields: ['kind', 'slug', 'title', 'url'],
    tokenize: tokenizer(lang),
    processTerm: termNormalizer(lang),
    searchOptions: { boost: { title: 2 }, fuzzy: 0.2, prefix: true },
  });
  index.addAll(docs);
  return (query) => {
    if (!query.trim()) return [];
    return index
      .search(query)
      .slice(0, MAX_RESULTS)
      .map((hit) => ({
        id: String(hit.id),
        kind: hit.kind as SearchDocument['kind'],
        slug: hit.slug as string,
        title: hit.title as string,
        url: hit.url as string,
      }));
  };
}
