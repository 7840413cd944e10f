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
