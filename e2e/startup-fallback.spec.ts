import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support/checks.ts';

test('when the app cannot load its code, the troubleshooting page shows instead of a blank screen', async ({
  page,
}, testInfo) => {
  // The landing page's own chunk fails to download, as on a flaky connection after a deploy.
  await page.route(/\/assets\/landing-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'SaveCircle could not start' })).toBeVisible();
  await expect(page.getByText('Refresh the page.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Email our support team/ })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  await expectAccessible(page);
  await snap(page, testInfo, 'startup-fallback-en');
});
