import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/checks.ts';
import { signIn } from './support/people.ts';
import { shootEveryWay } from './support/screens.ts';

// The seeded demo account (src/server/seed): read only here.
const DEMO = { username: 'demo', password: 'circle-demo-2026' };

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.use({ colorScheme: 'dark' });

test('dark mode follows the system, passes axe on every screen shot, and the header switch overrides it', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');

  // A visitor whose system is dark gets the dark page from the first paint.
  await page.goto('/');
  expect(await isDark(page)).toBe(true);
  const headerSwitch = page.getByTestId('theme-switch');
  await expect(headerSwitch).toHaveAttribute('aria-checked', 'true');
  await shootEveryWay(page, 'dark-landing', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await shootEveryWay(page, 'dark-dashboard', async () => {
    await expect(page.getByTestId('welcome-user')).toBeAttached();
  });

  const groups: { id: number; status: string }[] = await (await page.request.get('/api/user/groups')).json();
  const circle = groups.find((g) => g.status === 'active');
  expect(circle).toBeDefined();
  await page.goto(`/groups/${circle?.id}`);
  await shootEveryWay(page, 'dark-group', async () => {
    await expect(page.getByTestId('make-contribution')).toBeVisible();
  });

  await page.goto('/withdrawal');
  await page.getByTestId('method-instant').click();
  await page.getByLabel('Amount').fill('20');
  await shootEveryWay(page, 'dark-withdrawal', async () => {
    await expect(page.getByTestId('preview-total')).toBeVisible();
  });

  // The switch turns the page light at once, and the choice outlives a reload.
  await headerSwitch.click();
  await expect(headerSwitch).toHaveAttribute('aria-checked', 'false');
  expect(await isDark(page)).toBe(false);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('aria-checked', 'false');
  expect(await isDark(page)).toBe(false);

  // Choosing what the system shows forgets the choice: the page follows the system again.
  await page.getByTestId('theme-switch').click();
  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('savecircle-theme'))).toBeNull();
});
