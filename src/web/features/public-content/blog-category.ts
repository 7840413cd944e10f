import { useLocation, useSearch } from 'wouter';
import { BLOG_CATEGORIES, type BlogCategory } from '#shared/content-pages.ts';

export type BlogFilter = BlogCategory | 'all';

/**
 * The blog's category filter lives in the address (`/blog?category=tips`): a filtered list can be
 * shared, and back and forward step through the filters the reader chose.
 */
export function useBlogCategory(): [BlogFilter, (filter: BlogFilter) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const value = new URLSearchParams(search).get('category');
  const current = (BLOG_CATEGORIES as readonly string[]).includes(value ?? '')
    ? (value as BlogCategory)
    : 'all';
  const choose = (filter: BlogFilter) => navigate(filter === 'all' ? '/blog' : `/blog?category=${filter}`);
  return [current, choose];
}
