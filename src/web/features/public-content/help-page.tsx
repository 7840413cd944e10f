import { useTranslation } from 'react-i18next';
import { useContentIndex } from './content-queries.ts';
import { QueryContent } from './content-states.tsx';
import { HelpCategories } from './help-categories.tsx';
import { HelpFaqs } from './help-faqs.tsx';
import { HelpSearchBox } from './help-search-box.tsx';
import { PublicLayout } from './public-layout.tsx';
import { SupportOptions } from './support-options.tsx';
import { useDocumentMeta } from './use-document-meta.ts';

/** /help: search, the four categories of articles, the FAQs and the ways to reach support. */
export default function HelpPage() {
  const { t } = useTranslation('publicContent');
  const index = useContentIndex();
  useDocumentMeta(t('help.title'), t('help.description'));
  return (
    <PublicLayout>
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('help.title')}</h1>
        <p className="max-w-2xl text-slate-600">{t('help.description')}</p>
        <HelpSearchBox />
      </div>
      <QueryContent query={index}>
        {(data) => (
          <>
            <HelpCategories articles={data.help} />
            <HelpFaqs faqs={data.faq} />
          </>
        )}
      </QueryContent>
      <SupportOptions />
    </PublicLayout>
  );
}
