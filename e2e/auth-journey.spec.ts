import { expect, test } from '@playwright/test';
import { expectAccessible, snap, uniqueMember } from './support/checks.ts';
import { signOut } from './support/people.ts';

test('a visitor signs up, reaches the dashboard, logs out and logs back in', async ({ page }, testInfo) => {
  const member = uniqueMember();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'landing-en');

  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Sign Up' }).click();

  // Every validation message, in the spec's words, before anything is sent.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  // Show/hide password toggles the field type.
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');

  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Full name').fill(member.fullName);
  await page.getByLabel('Confirm password').fill(member.password);
  await expectAccessible(page);
  await snap(page, testInfo, 'sign-up-en');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account Created!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Lucía!' })).toBeVisible();
  await expect(page.getByText("You haven't joined any groups yet")).toBeVisible();
  await expect(page.getByText('No upcoming payments')).toBeVisible();
  await expect(page.getByText('No recent activity')).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'dashboard-en');

  if (testInfo.project.name !== 'phone')
    await expect(page.getByText(`Welcome, ${member.username}`)).toBeVisible();
  await signOut(page);
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
});

test('signed-in routes show the sign-in page in place when signed out, and unknown paths the 404 page', async ({
  page,
}, testInfo) => {
  for (const path of ['/dashboard', '/groups', '/groups/7', '/withdrawal', '/admin', '/history']) {
    await page.goto(path);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'not-found-en');
});

test('the demo hint names an account that works', async ({ page }) => {
  await page.goto('/auth');
  const hint = (await page.getByTestId('demo-hint').textContent()) ?? '';
  const [, username, password] = hint.match(/username (\S+), password (\S+?)\.?$/) ?? [];
  await page.getByLabel('Username').fill(username!);
  await page.getByLabel('Password', { exact: true }).fill(password!);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
