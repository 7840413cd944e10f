import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ContentDocument, ContentPageSlug } from '#shared/schemas/content.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatCalendarDay } from '#web/lib/format.ts';
import { productEvent } from '#web/lib/product-event.ts';
import { ArticleHtml } from './article-html.tsx';
import { useContentDocument } from './content-queries.ts';
import { isMissing, MissingContent, QueryContent } from './content-states.tsx';
import { PublicLayout } from './public-layout.tsx';
import { TableOfContents } from './table-of-contents.tsx';
import { useDocumentMeta } from './use-document-meta.ts';

// Pages that end with a way to reach the team they describe (spec 001 §2.9, §2.10).
const contactAction: Partial<Record<ContentPageSlug, string>> = {
  security: 'page.contactSecurity',
  compliance: 'page.contactCompliance',
};

/** A view_pricing event (decision 0036) once per visit of /pricing (a ref: StrictMode's re-run is the same visit). */
function useCountPricingView(slug: ContentPageSlug) {
  const counted = useRef(false);
  useEffect(() => {
    if (slug !== 'pricing' || counted.current) return;
    counted.current = true;
    productEvent('view_pricing');
  }, [slug]);
}

/** /security, /compliance, /terms, /privacy, /about, /features, /pricing, /how-it-works. */
export default function ContentPage({ slug }: { slug: ContentPageSlug }) {
  const document = useContentDocument('pages', slug);
  useDocumentMeta(document.data?.title, document.data?.description);
  useCountPricingView(slug);
  if (isMissing(document)) return <MissingContent />;
  return (
    <PublicLayout>
      <QueryContent query={document}>{(page) => <Page page={page} slug={slug} />}</QueryContent>
    </PublicLayout>
  );
}

function Page({ page, slug }: { page: ContentDocument; slug: ContentPageSlug }) {
  const { t, i18n } = useTranslation('publicContent');
  const contactKey = contactAction[slug];
  return (
    <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{page.title}</h1>
      <p className="mt-2 text-slate-600">{page.description}</p>
      {page.updated && (
        <p className="mt-2 text-sm text-slate-600">
          {t('page.updated', { date: formatCalendarDay(page.updated, i18n.language) })}
        </p>
      )}
      <div className="mt-6">
        <TableOfContents headings={page.headings} />
      </div>
      <ArticleHtml html={page.html} />
      {contactKey && (
        <div className="mt-8 border-t border-slate-200 pt-6">
          <Button asChild>
            <Link href="/contact">{t(contactKey)}</Link>
          </Button>
        </div>
      )}
    </article>
  );
}
