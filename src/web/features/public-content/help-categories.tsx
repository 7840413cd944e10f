import { BookOpen, CreditCard, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { contentPath, HELP_CATEGORIES, type HelpCategory } from '#shared/content-pages.ts';
import type { ContentIndex } from '#shared/schemas/content.ts';

const icons = {
  'getting-started': BookOpen,
  'account-security': ShieldCheck,
  'payments-payouts': CreditCard,
  'group-management': Users,
} satisfies Record<HelpCategory, unknown>;

/** The articles of one category, in their set order. */
export function articlesOf(articles: ContentIndex['help'], category: string) {
  return articles.filter((article) => article.category === category).sort((a, b) => a.order - b.order);
}

/** The four categories (spec 001 §2.8), each listing its real articles as links. */
export function HelpCategories({ articles }: { articles: ContentIndex['help'] }) {
  const { t } = useTranslation('publicContent');
  return (
    <section aria-labelledby="help-categories" className="grid gap-4">
      <h2 id="help-categories" className="text-xl font-bold text-slate-900">
        {t('help.categoriesTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {HELP_CATEGORIES.map((category) => {
          const Icon = icons[category];
          const headingId = `help-category-${category}`;
          return (
            <section
              key={category}
              aria-labelledby={headingId}
              className="rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
                <span aria-hidden className="rounded-full bg-brand-50 p-2 text-brand-700">
                  <Icon className="size-5" />
                </span>
                {t(`categories.${category}`)}
              </h3>
              <ul className="mt-3 grid gap-1">
                {articlesOf(articles, category).map((article) => (
                  <li key={article.slug}>
                    <Link
                      href={contentPath.help(article.slug)}
                      className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline"
                    >
                      {article.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
