import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { cn } from '#web/lib/cn.ts';

// Headings, paragraphs, lists, tables and links of the compiled Markdown; logical sides only (RTL).
const typography = [
  'min-w-0 text-base leading-7 text-slate-700 break-words',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1.5',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-900',
  '[&_blockquote]:my-4 [&_blockquote]:border-s-4 [&_blockquote]:border-brand-200 [&_blockquote]:ps-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_.table-scroll]:my-6 [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-lg [&_.table-scroll]:border [&_.table-scroll]:border-slate-200',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-t [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
].join(' ');

/**
 * The body of a help article, blog post or page. The HTML is compiled at build time from our own
 * Markdown with raw HTML refused, so it is trusted and inserted as is.
 */
export function ArticleHtml(props: { html: string; className?: string }) {
  const followLink = useInAppLinks();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only the links inside act, and a keyboard's Enter on a link is a click.
    <div
      onClick={followLink}
      className={cn(typography, props.className)}
      data-testid="article-html"
      // Trusted: compiled at build time from our own Markdown, raw HTML refused (see above).
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}

/**
 * The Markdown's links to other pages of the app open in the app, as its own links do, instead of
 * loading the whole site again; a new tab, another site or an anchor on the page stay the browser's.
 */
function useInAppLinks() {
  const [, navigate] = useLocation();
  return (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || link.getAttribute('href')?.startsWith('#')) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
    if (!url.hash) window.scrollTo({ top: 0 });
  };
}
