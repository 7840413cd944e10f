import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentDocument } from '#shared/schemas/content.ts';

/** Links to the `##` sections of a long page; short pages (under three sections) need none. */
export function TableOfContents({ headings }: { headings: ContentDocument['headings'] }) {
  const { t } = useTranslation('publicContent');
  const titleId = useId();
  if (headings.length < 3) return null;
  return (
    <nav aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('onThisPage')}
      </h2>
      <ol className="mt-3 grid gap-1.5 text-sm">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`} className="text-brand-700 hover:underline">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
