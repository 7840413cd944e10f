import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './checks.ts';

type Language = 'en' | 'ar';

/** Picks a language from the header's selector, as a reader would: no reload, the page keeps its state. */
export async function chooseLanguage(page: Page, code: Language) {
  await page.getByTestId('language-selector').first().click();
  await page.getByRole('menuitem', { name: code === 'ar' ? /العربية/ : /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
  // The closed menu hands focus back to its trigger; its focus ring has no place in a screenshot.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Closes the toasts still on screen, so they cover nothing in the screenshots. */
async function closeToasts(page: Page) {
  const closers = page.getByRole('region', { name: 'Notifications' }).getByRole('button');
  while ((await closers.count()) > 0) await closers.first().click();
}

// Each language at each size; axe runs on both layouts and both languages (desktop English, phone
// Arabic), since a third and fourth run find nothing new and cost seconds.
const views = [
  { language: 'en', size: 'desktop', width: 1280, height: 800, audit: true },
  { language: 'ar', size: 'desktop', width: 1280, height: 800, audit: false },
  { language: 'ar', size: 'phone', width: 390, height: 844, audit: true },
  { language: 'en', size: 'phone', width: 390, height: 844, audit: false },
] as const;

/**
 * The screen as it is now, in English and Arabic at desktop and phone width, saved as
 * `<name>-<language>-<size>.png`. `ready` waits for the screen's content after each change.
 * Ends in English at desktop width.
 */
export async function shootEveryWay(page: Page, name: string, ready: () => Promise<void> = async () => {}) {
  await closeToasts(page);
  for (const view of views) {
    if (page.viewportSize()?.width !== view.width)
      await page.setViewportSize({ width: view.width, height: view.height });
    if ((await page.locator('html').getAttribute('lang')) !== view.language)
      await chooseLanguage(page, view.language);
    await ready();
    if (view.audit) await expectAccessible(page);
    await page.evaluate(() => {
      // As the page opens at this width and in this language: the group page scrolls its open tab
      // into sight on load only, not on a resize or a change of language.
      document
        .querySelector('[role="tab"][data-state="active"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // From the top: scrolled down, the sticky header would be pasted into the middle of the page.
      window.scrollTo(0, 0);
    });
    await page.screenshot({
      path: `test-results/screenshots/${name}-${view.language}-${view.size}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
