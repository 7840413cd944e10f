// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ContentIndex, contentIndexSchema, contentUrl } from '#shared/schemas/content.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import BlogPage from './blog-page.tsx';

const post = (slug: string, category: ContentIndex['blog'][number]['category'], featured = false) => ({
  slug,
  title: `Post ${slug}`,
  description: `About ${slug}`,
  category,
  tags: ['one', 'two', 'three'],
  date: '2026-08-13',
  featured,
  author: 'SaveCircle team',
  readingMinutes: 4,
});

const index: ContentIndex = contentIndexSchema.parse({
  lang: 'en',
  faq: [],
  help: [],
  pages: [],
  blog: [
    post('featured-story', 'education', true),
    post('first-tip', 'tips'),
    post('second-tip', 'tips'),
    post('pool-safety', 'security'),
  ],
});

const shownTitles = () =>
  within(screen.getByTestId('blog-posts'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const pressed = () =>
  screen
    .getAllByRole('button', { pressed: true })
    .map((button) => button.textContent)
    .filter(Boolean);

describe('the blog category filters', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === contentUrl.index('en')
          ? new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } })
          : new Response('{}', { status: 404 }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('reads the category from the address and shows only its posts', async () => {
    window.history.pushState(null, '', '/blog?category=tips');
    renderInLanguage(<BlogPage />);
    await screen.findByTestId('blog-posts');
    expect(shownTitles()).toEqual(['Post first-tip', 'Post second-tip']);
    expect(pressed()).toEqual(['Tips']);
  });

  it('writes the chosen category into the address, and back returns to the previous one', async () => {
    window.history.pushState(null, '', '/blog');
    renderInLanguage(<BlogPage />);
    await screen.findByTestId('blog-posts');
    // Unfiltered: the featured post leads, the others are cards, each with at most two tags.
    expect(screen.getByRole('heading', { level: 2, name: 'Post featured-story' })).toBeTruthy();
    expect(shownTitles()).toEqual(['Post first-tip', 'Post second-tip', 'Post pool-safety']);
    expect(screen.queryByText('#three')).toBeNull();
    expect(pressed()).toEqual(['All']);

    fireEvent.click(screen.getByRole('button', { name: 'Security' }));
    await waitFor(() => expect(window.location.search).toBe('?category=security'));
    expect(window.location.pathname).toBe('/blog');
    await waitFor(() => expect(shownTitles()).toEqual(['Post pool-safety']));
    expect(pressed()).toEqual(['Security']);

    fireEvent.click(screen.getByRole('button', { name: 'Comparison' }));
    expect(await screen.findByTestId('blog-empty')).toBeTruthy();

    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?category=security'));
    await waitFor(() => expect(shownTitles()).toEqual(['Post pool-safety']));

    window.history.back();
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(pressed()).toEqual(['All']));
  });

  it('opens a post from its Read link', async () => {
    window.history.pushState(null, '', '/blog?category=security');
    renderInLanguage(<BlogPage />);
    const read = await screen.findByRole('link', { name: /^Read\W+Post pool-safety$/ });
    expect(read.getAttribute('href')).toBe('/blog/pool-safety');
  });
});
