import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support/checks.ts';

test('when the app cannot load its code, the troubleshooting page shows instead of a blank screen', async ({
  page,
}, testInfo) => {
  // The landing page's own chunk fails to download, as on a flaky connection after a deploy.
  await page.route(/\/assets\/landing-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  // The pre-rendered page asks for the app's code when the reader first interacts (decision 0046).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('heading', { name: 'SaveCircle could not start' })).toBeVisible();
  await expect(page.getByText('Refresh the page.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Email our support team/ })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  await expectAccessible(page);
  await snap(page, testInfo, 'startup-fallback-en');
});

test('when the main script itself fails to load, index.html shows the same help in the reader’s language', async ({
  page,
}, testInfo) => {
  // The entry script answers 404, as when a cached page names a script a deploy removed: no React at all.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );
  await page.goto('/dashboard');
  // Well before the 20 s that catch a script that never answers: the load error shows it.
  await expect(page.getByRole('heading', { name: 'SaveCircle could not start' })).toBeVisible({
    timeout: 8_000,
  });
  await expect(page.getByRole('listitem')).toHaveText([
    'Refresh the page.',
    'Open SaveCircle in Chrome or another up-to-date browser.',
    "Clear this site's cache and stored data, then reload.",
    'Update your browser to its latest version.',
  ]);
  await expect(page.getByRole('link', { name: 'Still stuck? Email our support team' })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  await expectAccessible(page);
  await snap(page, testInfo, 'startup-fallback-no-script-en');

  await page.goto('/?lang=ar');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('heading', { name: 'تعذّر تشغيل SaveCircle' })).toBeVisible({ timeout: 8_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(page, testInfo, 'startup-fallback-no-script-ar');
  // Reload asks again, and the app starts once its script loads.
  await page.unroute(/\/assets\/index-[^/]+\.js$/);
  await page.getByRole('button', { name: 'إعادة التحميل' }).click();
  await expect(page.getByRole('heading', { name: 'تعذّر تشغيل SaveCircle' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
