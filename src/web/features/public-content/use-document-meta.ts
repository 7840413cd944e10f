import { useEffect } from 'react';

/**
 * The tab title and the meta description from the content; the pre-rendered page set the same ones
 * for search engines. Leaving the page puts back what was there before (the app's own title).
 */
export function useDocumentMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = { title: document.title, description: meta?.content };
    document.title = `${title} | SaveCircle`;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous.title;
      if (meta && previous.description !== undefined) meta.content = previous.description;
    };
  }, [title, description]);
}
