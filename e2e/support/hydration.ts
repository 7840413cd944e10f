import type { Page } from '@playwright/test';

/** What the console said about hydration: React's errors, or main.tsx drawing anew. */
export function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
