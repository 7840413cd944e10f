import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A table wrapper that scrolls sideways on a narrow screen so the page never grows wider than the
 * phone. It takes keyboard focus, so someone without a mouse or touch can still scroll it with the
 * arrow keys, and it is a named region, so a screen reader says what that focus landed on.
 */
export function ScrollRegion(props: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable).
    <section aria-label={props.label} tabIndex={0} className={cn('overflow-x-auto', props.className)}>
      {props.children}
    </section>
  );
}
