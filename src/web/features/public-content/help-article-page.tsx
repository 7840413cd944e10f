import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { contentPath } from '#shared/content-pages.ts';
import type { ContentDocument, ContentIndex } from '#shared/schemas/content.ts';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
import { ArticleHtml } from './article-html.tsx';
import { useContentDocument, useContentIndex } from './content-queries.ts';
import { ContentLoadFailed, ContentLoading, isMissing, MissingContent } from './content-states.tsx';
import { articlesOf } from './help-categories.tsx';
import { BackLink, PublicLayout } from './public-layout.tsx';
import { TableOfContents } from './table-of-contents.tsx';
import { useDocumentMeta } from './use-document-meta.ts';

/** /help/:slug: one article, its category, and the other articles of that category. */
export default function HelpArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const index = useContentIndex();
  const document = useContentDocument('help', slug);
  const { t } = useTranslation('publicContent');
  useDocumentMeta(document.data?.title, document.data?.description);

  const unknown = index.data && !index.data.help.some((article) => article.slug === slug);
  if (unknown || isMissing(index, document)) return <MissingContent />;
  const failed = index.isError || document.isError;
  return (
    <PublicLayout back={<BackLink href="/help">{t('help.backToHelp')}</BackLink>}>
      {failed ? (
        <ContentLoadFailed
          onRetry={() => {
            if (index.isError) void index.refetch();
            if (document.isError) void document.refetch();
          }}
          retrying={index.isFetching || document.isFetching}
        />
      ) : index.data && document.data ? (
        <>
          <HelpArticle article={document.data} articles={index.data.help} />
          <PrerenderedHandOff />
        </>
      ) : (
        <ContentLoading />
      )}
    </PublicLayout>
  );
}

function HelpArticle(props: { article: ContentDocument; articles: ContentIndex['help'] }) {
  const { t } = useTranslation('publicContent');
  const { article } = props;
  const category = props.articles.find((a) => a.slug === article.slug)?.category ?? article.category;
  const others = category ? articlesOf(props.articles, category).filter((a) => a.slug !== article.slug) : [];
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
        {category && <p className="text-sm font-semibold text-brand-700">{t(`categories.${category}`)}</p>}
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{article.title}</h1>
        <p className="mt-2 text-slate-600">{article.description}</p>
        <div className="mt-6">
          <TableOfContents headings={article.headings} />
        </div>
        <ArticleHtml html={article.html} />
      </article>
      {others.length > 0 && (
        <aside
          aria-labelledby="help-related"
          className="h-fit rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 id="help-related" className="text-sm font-semibold text-slate-900">
            {t('help.moreInCategory', { category: t(`categories.${category}`) })}
          </h2>
          <ul className="mt-3 grid gap-1.5">
            {others.map((other) => (
              <li key={other.slug}>
                <Link
                  href={contentPath.help(other.slug)}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </div>
  );
}
