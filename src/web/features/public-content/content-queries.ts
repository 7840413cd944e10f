import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  contentDocumentSchema,
  contentIndexSchema,
  contentUrl,
  searchDocumentsSchema,
} from '#shared/schemas/content.ts';

/** A content file that does not exist: the page shows "not found" instead of an error with a retry. */
export class ContentNotFoundError extends Error {}

/** The reader's language if the content is written in it (all six are), else English. */
export function useContentLanguage(): ContentLanguage {
  const { i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').split('-')[0] ?? 'en';
  return (CONTENT_LANGUAGES as readonly string[]).includes(code) ? (code as ContentLanguage) : 'en';
}

async function fetchContent<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.status === 404) throw new ContentNotFoundError(url);
  if (!response.ok) throw new Error(`${response.status}: ${url}`);
  return schema.parse(await response.json());
}

const contentKey = (url: string) => ['public-content', url] as const;

/** Every collection's list in the reader's language (FAQs whole). */
export function useContentIndex() {
  const url = contentUrl.index(useContentLanguage());
  return useQuery({ queryKey: contentKey(url), queryFn: () => fetchContent(url, contentIndexSchema) });
}

/** One help article, blog post or page in the reader's language. */
export function useContentDocument(collection: 'help' | 'blog' | 'pages', slug: string) {
  const url = contentUrl.document(useContentLanguage(), collection, slug);
  return useQuery({ queryKey: contentKey(url), queryFn: () => fetchContent(url, contentDocumentSchema) });
}

/** The help search's documents (FAQs and articles as plain text) in the reader's language. */
export function useSearchDocuments() {
  const url = contentUrl.search(useContentLanguage());
  return useQuery({ queryKey: contentKey(url), queryFn: () => fetchContent(url, searchDocumentsSchema) });
}
