import { expect, type Page } from '@playwright/test';

/** The admin fills /create-group as a person would; returns the invite code and the group's path. */
export async function createCircle(page: Page, name: string, amount: string, size: number) {
  await page.goto('/create-group');
  await page.getByLabel('Group name').fill(name);
  await page.getByLabel('Monthly contribution amount').fill(amount);
  await page.getByLabel('Number of members').selectOption(String(size));
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Group Created Successfully!')).toBeVisible();
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  await page.getByRole('link', { name: 'Go to Group' }).click();
  await expect(page).toHaveURL(/\/groups\/\d+$/);
  return { code, groupUrl: new URL(page.url()).pathname };
}

/** A member finds the circle by its invite code on /join-group and joins; ends on the group page. */
export async function joinByCode(page: Page, code: string, groupUrl: string) {
  await page.goto('/join-group');
  await page.getByLabel('Invite code').fill(code);
  await page.getByRole('button', { name: 'Find Group' }).click();
  await page.getByRole('button', { name: 'Join This Group' }).click();
  await expect(page).toHaveURL(new RegExp(`${groupUrl}$`));
}
