import { expect, type Page } from '@playwright/test';
import { auditIn, shoot, views } from './views.ts';

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

/**
 * The screen as it is now, in each of `views` (English and Arabic, desktop and phone width), saved
 * as `<name>-<language>-<size>.png`. `ready` waits for the screen's content after each change.
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
    await auditIn(page, view);
    await page.evaluate(() => {
      // As the page opens at this width and in this language: the group page scrolls its open tab
      // into sight on load only, not on a resize or a change of language.
      document
        .querySelector('[role="tab"][data-state="active"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // From the top: scrolled down, the sticky header would be pasted into the middle of the page.
      window.scrollTo(0, 0);
    });
    await shoot(page, name, view);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  if ((await page.locator('html').getAttribute('lang')) !== 'en') await chooseLanguage(page, 'en');
}
