import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '#web/lib/format.ts';

/** Date (in the reader's language) and reading time of a post. */
export function BlogMeta(props: { date?: string; readingMinutes?: number; author?: string }) {
  const { t, i18n } = useTranslation('publicContent');
  const parts = [
    props.author,
    props.date ? formatCalendarDay(props.date, i18n.language) : undefined,
    props.readingMinutes ? t('blog.readingMinutes', { count: props.readingMinutes }) : undefined,
  ].filter(Boolean);
  return <p className="text-sm text-slate-600">{parts.join(' · ')}</p>;
}

/** Up to `limit` tags as small chips. */
export function BlogTags(props: { tags: string[]; limit?: number }) {
  const { t } = useTranslation('publicContent');
  const tags = props.tags.slice(0, props.limit ?? props.tags.length);
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('blog.tags')} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          #{tag}
        </li>
      ))}
    </ul>
  );
}
