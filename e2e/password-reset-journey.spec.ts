import { expect, test } from '@playwright/test';
import { DEMO_USER } from '../src/shared/demo.ts';
import { uniqueMember } from './support/checks.ts';
import { newPage, signIn, signUpInBrowser } from './support/people.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

test('forgot password → the email in the development mailbox → a new password; the other session ends', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run of the flow; the views below cover phone sizes');
  const member = uniqueMember();
  // The member's first browser stays signed in: the reset must end its session.
  const first = await newPage(browser, baseURL!);
  await signUpInBrowser(first, member);
  await expect(first.getByTestId('verify-banner')).toBeVisible();

  const page = await newPage(browser, baseURL!);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('If an account exists for this address');

  // No mail server here: the development mailbox (NODE_ENV=development) holds the email.
  await signIn(page, DEMO_USER.username, DEMO_USER.password);
  await page.goto('/dev/mailbox');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To ${member.email}` })
    .filter({
      has: page.getByRole('heading', { name: 'Reset your password – SaveCircle' }),
    });
  const link = mail.getByRole('link', { name: /\/reset-password\?token=/ });
  await expect(link).toBeVisible();
  await auditIn(page, views[0]!);
  await shoot(page, 'dev-mailbox', views[0]!);
  await link.click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill('copper-violin-8841');
  await page.getByLabel('Confirm password').fill('copper-violin-8841');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  // Reaching the emailed link confirmed the address too: no banner.
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);

  // The first browser was signed out by the reset.
  await first.goto('/dashboard');
  await expect(first.getByRole('tab', { name: 'Login' })).toBeVisible();

  // The same link again is refused, clearly.
  await page.goBack();
  await page.reload();
  await page.getByLabel('New password').fill('another-violin-9912');
  await page.getByLabel('Confirm password').fill('another-violin-9912');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('reset-bad-link')).toContainText('already been used');

  // And the new password signs in.
  const again = await newPage(browser, baseURL!);
  await signIn(again, member.username, 'copper-violin-8841');
});

test('the forgot, reset and verify pages in English and Arabic at phone and desktop widths', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the views set their own sizes');
  await page.goto('/auth');
  for (const view of views) {
    await setView(page, view);
    await page.goto('/forgot-password');
    await expectLanguage(page, view);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await auditIn(page, view);
    await shoot(page, 'forgot-password', view);

    await page.goto('/reset-password?token=not-a-real-token');
    await page.locator('#reset-password').fill('copper-violin-8841');
    await page.locator('#reset-confirm').fill('copper-violin-8841');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByTestId('reset-bad-link')).toBeVisible();
    await auditIn(page, view);
    await shoot(page, 'reset-password-bad-link', view);

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByTestId('verify-refused')).toBeVisible();
    await shoot(page, 'verify-email-invalid', view);
  }
});
