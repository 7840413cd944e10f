// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text.tsx';
import { splitLinks } from './linkify.ts';

describe('splitLinks', () => {
  it('makes http and https addresses links and leaves the sentence around them as text', () => {
    expect(splitLinks('See https://example.com/a?b=1, then http://x.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links javascript:, data: or other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com',
    ])
      expect(
        splitLinks(text).every((p) => p.kind === 'text'),
        text,
      ).toBe(true);
  });

  it('does not let a link swallow a javascript: address glued to it', () => {
    const links = splitLinks('https://ok.example/"onmouseover="x javascript:alert(1)').filter(
      (p) => p.kind === 'link',
    );
    expect(links).toHaveLength(1);
    expect(links[0]!.kind === 'link' && links[0]!.href.startsWith('https://ok.example/')).toBe(true);
  });
});

describe('LinkifiedText', () => {
  it('shows HTML as the characters typed, never as elements', () => {
    const { container } = render(
      <LinkifiedText text={'<b>bold</b><img src=x onerror="alert(1)"><script>alert(2)</script>'} />,
    );
    expect(container.querySelector('b, img, script')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b><img src=x onerror="alert(1)"><script>alert(2)</script>');
  });

  it('opens links apart from the app and passes nothing on', () => {
    const { container } = render(<LinkifiedText text="Schedule: https://example.com/schedule" />);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/schedule');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('renders a javascript: address as plain text', () => {
    const { container } = render(<LinkifiedText text="click javascript:alert(1)" />);
    expect(container.querySelector('a')).toBeNull();
  });
});
