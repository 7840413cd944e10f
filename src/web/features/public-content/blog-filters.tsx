import { useTranslation } from 'react-i18next';
import { BLOG_CATEGORIES } from '#shared/content-pages.ts';
import { cn } from '#web/lib/cn.ts';
import type { BlogFilter } from './blog-category.ts';

const filters: BlogFilter[] = ['all', ...BLOG_CATEGORIES];

/** Toggle buttons (aria-pressed) for All and each blog category. */
export function BlogFilters(props: { current: BlogFilter; onChoose: (filter: BlogFilter) => void }) {
  const { t } = useTranslation('publicContent');
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">{t('blog.filterLabel')}</legend>
      {filters.map((filter) => {
        const pressed = filter === props.current;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => props.onChoose(filter)}
            className={cn(
              'min-h-9 rounded-full px-4 py-1.5 text-sm font-medium ring-1',
              pressed
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {filter === 'all' ? t('blog.all') : t(`blogCategories.${filter}`)}
          </button>
        );
      })}
    </fieldset>
  );
}
