import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { contentPath } from '#shared/content-pages.ts';
import type { ContentIndex } from '#shared/schemas/content.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { BlogMeta, BlogTags } from './blog-meta.tsx';

type Post = ContentIndex['blog'][number];

/** A post in the list: category, title, description, date, reading time, up to 2 tags, 'Read'. */
export function BlogCard({ post, featured = false }: { post: Post; featured?: boolean }) {
  const { t } = useTranslation('publicContent');
  return (
    <article
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-2xl border bg-white p-5',
        featured ? 'border-brand-200 sm:p-8' : 'border-slate-200',
      )}
      data-testid="blog-card"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-brand-700">
        {featured && (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs text-white">
            {t('blog.featured')}
          </span>
        )}
        {t(`blogCategories.${post.category}`)}
      </p>
      {featured ? (
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">{post.title}</h2>
      ) : (
        <h3 className="text-lg font-semibold text-slate-900">{post.title}</h3>
      )}
      <p className="text-slate-600">{post.description}</p>
      <BlogMeta date={post.date} readingMinutes={post.readingMinutes} />
      <BlogTags tags={post.tags} limit={2} />
      <div className="mt-auto pt-2">
        <Button asChild size="sm" variant={featured ? 'primary' : 'secondary'}>
          <Link href={contentPath.blog(post.slug)}>
            {t('blog.read')}
            <span className="sr-only">: {post.title}</span>
          </Link>
        </Button>
      </div>
    </article>
  );
}
