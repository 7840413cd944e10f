import { type Browser, expect, type Page } from '@playwright/test';
import { uniqueMember } from './checks.ts';

export type Member = ReturnType<typeof uniqueMember>;
export type Person = Member & { page: Page };

/** Fills and sends the sign-up form on `page`, as a person would, and waits for the dashboard. */
export async function signUpInBrowser(page: Page, member: Member) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Full name').fill(member.fullName);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new person with their own browser context (desktop size), signed up through the form. */
export async function signUp(browser: Browser, baseURL: string, fullName: string): Promise<Person> {
  const member = { ...uniqueMember(), fullName };
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signUpInBrowser(page, member);
  return { ...member, page };
}

/** A browser of its own at desktop size (a user agent of choice names the device in the sessions list). */
export async function newPage(browser: Browser, baseURL: string, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, userAgent });
  return context.newPage();
}

/** Signs in through the form, as a person does, and lands on the dashboard. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs out as a person does: from the header on a desktop, from the menu on a phone (the header has no room). */
export async function signOut(page: Page) {
  // The header shows Logout from Tailwind's `lg` width (1024 px) up.
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}
