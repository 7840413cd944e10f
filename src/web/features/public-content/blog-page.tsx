import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContentIndex } from '#shared/schemas/content.ts';
import { EmptyState } from '#web/components/ui/tab-states.tsx';
import { BlogCard } from './blog-card.tsx';
import { type BlogFilter, useBlogCategory } from './blog-category.ts';
import { BlogFilters } from './blog-filters.tsx';
import { useContentIndex } from './content-queries.ts';
import { QueryContent } from './content-states.tsx';
import { NewsletterBox } from './newsletter-box.tsx';
import { PublicLayout } from './public-layout.tsx';
import { useDocumentMeta } from './use-document-meta.ts';

/** /blog: the featured post, the category filters (kept in the address), the posts, the newsletter. */
export default function BlogPage() {
  const { t } = useTranslation('publicContent');
  const index = useContentIndex();
  const [category, choose] = useBlogCategory();
  useDocumentMeta(t('blog.title'), t('blog.description'));
  return (
    <PublicLayout>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('blog.title')}</h1>
        <p className="max-w-2xl text-slate-600">{t('blog.description')}</p>
      </div>
      <QueryContent query={index}>
        {(data) => <BlogPosts posts={data.blog} category={category} onChoose={choose} />}
      </QueryContent>
      <NewsletterBox />
    </PublicLayout>
  );
}

function BlogPosts(props: {
  posts: ContentIndex['blog'];
  category: BlogFilter;
  onChoose: (filter: BlogFilter) => void;
}) {
  const { t } = useTranslation('publicContent');
  const all = props.category === 'all';
  // The featured post leads the unfiltered blog; a filter shows its category's posts alike.
  const featured = all ? props.posts.find((post) => post.featured) : undefined;
  const listed = props.posts.filter((post) => post !== featured && (all || post.category === props.category));
  return (
    <>
      {featured && <BlogCard post={featured} featured />}
      <section aria-labelledby="blog-posts" className="grid gap-4">
        <h2 id="blog-posts" className="text-xl font-bold text-slate-900">
          {all ? t('blog.latest') : t(`blogCategories.${props.category}`)}
        </h2>
        <BlogFilters current={props.category} onChoose={props.onChoose} />
        {listed.length > 0 ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-posts">
            {listed.map((post) => (
              <BlogCard key={post.slug} post={post} />
            ))}
          </div>
        ) : (
          <EmptyState
            icon={<Newspaper aria-hidden className="size-6" />}
            title={t('blog.emptyTitle')}
            body={t('blog.emptyBody')}
            testId="blog-empty"
          />
        )}
      </section>
    </>
  );
}
