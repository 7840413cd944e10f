import { expect, type Page, test } from '@playwright/test';
import { DEMO_USER } from '../src/shared/demo.ts';
import { watchHydration } from './support/hydration.ts';
import { signIn } from './support/people.ts';

/**
 * Decision 0046: a visitor's public page is whole without the app's code, which loads on the first
 * interaction and hydrates the page in place (the same elements, not drawn anew).
 */

/** The app's code (the built assets), as requested by the page. */
function watchAppCode(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/assets/'))
      requested.push(request.url());
  });
  return requested;
}

/** Resolves when the page's content has hydrated (the event public/load-app.js waits for). */
const pageReady = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        document.addEventListener('savecircle:page-ready', () => resolve(), { once: true }),
      ),
  );

for (const [path, lang] of [
  ['/', 'en'],
  ['/help', 'en'],
  ['/blog/what-is-a-rotating-savings-circle', 'en'],
  ['/pricing', 'en'],
  ['/?lang=ar', 'ar'],
  ['/help?lang=ar', 'ar'],
  ['/blog?lang=ko', 'ko'],
] as const) {
  test(`${path}: no app code until the visitor interacts, then hydrated in place`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one run; the same at every width');
    const code = watchAppCode(page);
    const problems = watchHydration(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(code, 'app code loaded before any interaction').toEqual([]);

    const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
    const ready = pageReady(page);
    // A key that does nothing on the page: the first interaction.
    await page.keyboard.press('Shift');
    await ready;
    expect(code.length).toBeGreaterThan(0);
    // Hydrated, not replaced: the element the build drew is the one on screen.
    expect(await heading?.evaluate((node) => node.isConnected)).toBe(true);
    expect(problems).toEqual([]);
  });
}

test('a click made before the app has loaded is answered once it has', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  const code = watchAppCode(page);
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  expect(code).toEqual([]);
  // The first interaction is the click itself: the filter applies after the page hydrates.
  await page.getByRole('button', { name: 'Tips', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?category=tips$/);
  await expect(page.getByRole('button', { name: 'Tips', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: /bought a car/i })).toHaveCount(0);
});

test('a form sent before the app has loaded is sent by the app, its fields not put in the address', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  const newsletter = page.getByTestId('newsletter-form');
  const email = `early-${Date.now()}@example.com`;
  // Typed and sent at once: the text is in the field before the app can know it.
  await newsletter.getByLabel('Email address').fill(email);
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully subscribed!' })).toBeVisible();
  expect(page.url()).not.toContain('early-');
});

test('a reader whose language is not the page’s gets the app at once, in their language', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  const code = watchAppCode(page);
  await page.goto('/help');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Centre d'aide");
  expect(code.length).toBeGreaterThan(0);
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await context.close();
});

test('signed in, "/" is the dashboard and the public pages are drawn by the app', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  await signIn(page, DEMO_USER.username, DEMO_USER.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  const code = watchAppCode(page);
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  expect(code.length).toBeGreaterThan(0);
  await expect(page.locator('#prerendered')).toHaveCount(0);
});
