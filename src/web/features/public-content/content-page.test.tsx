// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '#shared/schemas/content.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import ContentPage from './content-page.tsx';

const page = (slug: string): ContentDocument => ({
  collection: 'pages',
  slug,
  lang: 'en',
  title: `Title of ${slug}`,
  description: `About ${slug}`,
  html: '<h2 id="one">One</h2><p>Body</p>',
  headings: [{ id: 'one', text: 'One' }],
  updated: '2026-11-26',
});

let events: string[];

describe('a content page', () => {
  beforeEach(() => {
    events = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/events') events.push(JSON.parse(String(init?.body)).name);
        const slug = /^\/content\/en\/pages\/([a-z-]+)\.json$/.exec(url)?.[1];
        return slug
          ? new Response(JSON.stringify(page(slug)), { headers: { 'content-type': 'application/json' } })
          : new Response('{}', { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the title, the update day, the body, and the tab title and description', async () => {
    renderInLanguage(<ContentPage slug="security" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Title of security' })).toBeTruthy();
    expect(screen.getByText('Last updated Nov 26, 2026')).toBeTruthy();
    expect(screen.getByTestId('article-html').innerHTML).toContain('<p>Body</p>');
    expect(document.title).toBe('Title of security | SaveCircle');
    expect(screen.getByRole('link', { name: 'Contact Security Team' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/auth');
  });

  it('counts one view_pricing on /pricing, and none elsewhere', async () => {
    const { unmount } = renderInLanguage(<ContentPage slug="terms" />);
    await screen.findByRole('heading', { level: 1, name: 'Title of terms' });
    unmount();
    expect(events).toEqual([]);
    renderInLanguage(<ContentPage slug="pricing" />);
    await screen.findByRole('heading', { level: 1, name: 'Title of pricing' });
    expect(events).toEqual(['view_pricing']);
  });
});
