// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ArticleHtml } from './article-html.tsx';

afterEach(cleanup);

const html = [
  '<p><a href="/pricing">our fees</a></p>',
  '<p><a href="https://example.org/elsewhere">another site</a></p>',
  '<p><a href="#how">this page</a></p>',
].join('');

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  window.scrollTo = vi.fn();
  render(
    <Router hook={location.hook}>
      <ArticleHtml html={html} />
    </Router>,
  );
  return location;
}

describe('an article’s links', () => {
  it('open the app’s own pages in the app, at their top', () => {
    const location = renderAt('/help/fees');
    const click = fireEvent.click(screen.getByRole('link', { name: 'our fees' }));
    expect(click).toBe(false); // the browser's full page load was prevented
    expect(location.history).toEqual(['/help/fees', '/pricing']);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('leave other sites, new tabs and anchors to the browser', () => {
    const location = renderAt('/help/fees');
    expect(fireEvent.click(screen.getByRole('link', { name: 'another site' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'this page' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'our fees' }), { ctrlKey: true })).toBe(true);
    expect(location.history).toEqual(['/help/fees']);
  });
});
