import { ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentIndex } from '#shared/schemas/content.ts';
import { ArticleHtml } from './article-html.tsx';

export const faqAnchor = (slug: string) => `faq-${slug}`;

/** `/help#faq-<slug>` (a search result, a shared link) opens that FAQ and brings it into view. */
function useOpenFaqFromHash() {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id.startsWith('faq-')) return;
      const element = document.getElementById(id);
      if (!(element instanceof HTMLDetailsElement)) return;
      element.open = true;
      element.scrollIntoView({ block: 'start' });
      element.querySelector('summary')?.focus();
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
}

export function HelpFaqs({ faqs }: { faqs: ContentIndex['faq'] }) {
  const { t } = useTranslation('publicContent');
  useOpenFaqFromHash();
  return (
    <section aria-labelledby="help-faqs" className="grid gap-4">
      <h2 id="help-faqs" className="text-xl font-bold text-slate-900">
        {t('help.faqsTitle')}
      </h2>
      <div className="grid gap-3">
        {faqs.map((faq) => (
          <details
            key={faq.slug}
            id={faqAnchor(faq.slug)}
            className="group scroll-mt-24 rounded-2xl border border-slate-200 bg-white"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {faq.title}
              <ChevronDown aria-hidden className="size-5 shrink-0 text-slate-500 group-open:rotate-180" />
            </summary>
            <ArticleHtml
              html={faq.html}
              className="border-t border-slate-100 px-5 pb-2 [&>p:first-child]:mt-3"
            />
          </details>
        ))}
      </div>
    </section>
  );
}
