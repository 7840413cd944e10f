import { expect, test } from '@playwright/test';
import { uniqueMember } from './support/checks.ts';
import { newPage, signIn, signUpInBrowser } from './support/people.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('settings: language and time zone applied, a device signed out, the password changed', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run of the flow; the views below cover phone sizes');
  const member = uniqueMember();
  const page = await newPage(browser, baseURL!);
  await signUpInBrowser(page, member);
  const firefox = await newPage(browser, baseURL!, FIREFOX);
  await signIn(firefox, member.username, member.password);
  const iphone = await newPage(browser, baseURL!, IPHONE);
  await signIn(iphone, member.username, member.password);

  // The drawer's Settings item leads here.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // Profile: French and Tokyo time; the page switches language at once.
  await page.locator('#profile-language').selectOption('fr');
  await page.locator('#profile-zone').selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const user = await (await page.request.get('/api/user')).json();
  expect(user).toMatchObject({ language: 'fr', timeZone: 'Asia/Tokyo' });

  // A date shown in the new zone: when this device signed in, in Tokyo time, in French.
  const { sessions } = await (await page.request.get('/api/user/sessions')).json();
  const mine = sessions.find((s: { current: boolean }) => s.current);
  const tokyo = new Intl.DateTimeFormat('fr', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(mine.createdAt));
  const thisDevice = page.getByTestId('session-row').filter({ has: page.getByTestId('this-device') });
  await expect(thisDevice).toContainText(tokyo);

  // Back to English with the header's selector: the profile follows it.
  await page.getByTestId('language-selector').first().click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).language).toBe('en');

  // Devices: three, this one marked; sign out the Firefox one.
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('session-list')).toContainText('Firefox on Windows');
  await expect(page.getByTestId('session-list')).toContainText('Safari on iOS');
  await page.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
  await expect(rows).toHaveCount(2);
  await firefox.goto('/dashboard');
  await expect(firefox.getByRole('tab', { name: 'Login' })).toBeVisible();

  // Password: a wrong current one is refused clearly; the right one ends the iPhone's session too.
  await page.getByLabel('Current password').first().fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('copper-violin-8841');
  await page.getByLabel('Confirm new password').fill('copper-violin-8841');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-error')).toContainText('current password is not correct');
  await page.getByLabel('Current password').first().fill(member.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await iphone.goto('/dashboard');
  await expect(iphone.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  for (const view of views) {
    await setView(page, view);
    await page.goto('/settings');
    await expectLanguage(page, view);
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await expect(page.getByTestId('pref-security-email')).toBeDisabled();
    await auditIn(page, view);
    await shoot(page, 'settings', view);
  }
});
