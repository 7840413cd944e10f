import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './checks.ts';

export type View = {
  language: 'en' | 'ar';
  size: 'desktop' | 'phone';
  width: number;
  height: number;
  /** axe runs in this view: once per layout and once per language, since more runs find nothing new. */
  audit: boolean;
};

const everyView: View[] = [
  { language: 'en', size: 'desktop', width: 1280, height: 800, audit: true },
  { language: 'ar', size: 'desktop', width: 1280, height: 800, audit: false },
  { language: 'ar', size: 'phone', width: 390, height: 844, audit: true },
  { language: 'en', size: 'phone', width: 390, height: 844, audit: false },
];

/**
 * The views each journey looks at a screen in. Locally all four, to look at; on CI the two that axe
 * checks (English desktop, Arabic phone), which keep every assertion at half the time.
 * E2E_EVERY_VIEW=1 takes all four on CI too.
 */
export const views: View[] =
  process.env.CI && process.env.E2E_EVERY_VIEW !== '1' ? everyView.filter((v) => v.audit) : everyView;

const englishDesktop = everyView[0] as View;

/** Sets the page's size and its saved language; the next load shows the page in that view. */
export async function setView(page: Page, view: View = englishDesktop) {
  await page.setViewportSize({ width: view.width, height: view.height });
  await page.evaluate((code) => localStorage.setItem('savecircle-language', code), view.language);
}

/** The loaded page is in the view's language and direction. */
export async function expectLanguage(page: Page, view: View) {
  await expect(page.locator('html')).toHaveAttribute('dir', view.language === 'ar' ? 'rtl' : 'ltr');
}

/** Runs axe where the view audits. */
export async function auditIn(page: Page, view: View) {
  if (view.audit) await expectAccessible(page);
}

/** `test-results/screenshots/<name>-<language>-<size>.png`. */
export function shoot(page: Page, name: string, view: View, fullPage = true) {
  return page.screenshot({
    path: `test-results/screenshots/${name}-${view.language}-${view.size}.png`,
    fullPage,
  });
}
