import { expect, test } from '@playwright/test';
import { DEMO_USER } from '../src/shared/demo.ts';
import { expectAccessible, snap, useLanguage } from './support/checks.ts';

test('choosing Arabic turns the page right-to-left and is remembered', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-selector').first().click();
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'landing-ar');
});

test('a signed-in Arabic reader gets a mirrored dashboard', async ({ page }, testInfo) => {
  await useLanguage(page, 'ar');
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(page, testInfo, 'auth-ar');
  await page.locator('#login-username').fill(DEMO_USER.username);
  await page.locator('#login-password').fill(DEMO_USER.password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'dashboard-ar');
});

test('the browser language is used when nothing was chosen', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: 'ko-KR', baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await context.close();
});
