import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { ContentDocument } from '#shared/schemas/content.ts';
import { ArticleHtml } from './article-html.tsx';
import { BlogMeta, BlogTags } from './blog-meta.tsx';
import { useContentDocument, useContentIndex } from './content-queries.ts';
import { isMissing, MissingContent, QueryContent } from './content-states.tsx';
import { NewsletterBox } from './newsletter-box.tsx';
import { BackLink, PublicLayout } from './public-layout.tsx';
import { TableOfContents } from './table-of-contents.tsx';
import { useDocumentMeta } from './use-document-meta.ts';

/** /blog/:slug: one post with its author, date, reading time and tags, then the newsletter box. */
export default function BlogArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const index = useContentIndex();
  const document = useContentDocument('blog', slug);
  const { t } = useTranslation('publicContent');
  useDocumentMeta(document.data?.title, document.data?.description);
  // The index lists every post: a slug it lacks is unknown even if a server answered the file's URL.
  const unknown = index.data && !index.data.blog.some((post) => post.slug === slug);
  if (unknown || isMissing(document)) return <MissingContent />;
  return (
    <PublicLayout back={<BackLink href="/blog">{t('blog.backToBlog')}</BackLink>}>
      <QueryContent query={document}>{(post) => <BlogPost post={post} />}</QueryContent>
      <NewsletterBox />
    </PublicLayout>
  );
}

function BlogPost({ post }: { post: ContentDocument }) {
  const { t } = useTranslation('publicContent');
  return (
    <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      {post.category && (
        <p className="text-sm font-semibold text-brand-700">{t(`blogCategories.${post.category}`)}</p>
      )}
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-4xl">{post.title}</h1>
      <div className="mt-3 grid gap-3">
        <BlogMeta author={post.author} date={post.date} readingMinutes={post.readingMinutes} />
        <BlogTags tags={post.tags ?? []} />
      </div>
      <div className="mt-6">
        <TableOfContents headings={post.headings} />
      </div>
      <ArticleHtml html={post.html} />
    </article>
  );
}
