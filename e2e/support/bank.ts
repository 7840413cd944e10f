import { expect, type Page } from '@playwright/test';
import { closeMenu, expectAccessible } from './checks.ts';

/** Fills the sandbox's hosted connect page by field id, so it works in any language. */
export async function fillSandboxConnectForm(page: Page, accountNumber: string, bankName: string) {
  await page.locator('#sandbox-bankName').fill(bankName);
  await page.locator('#sandbox-routingNumber').fill('110000000');
  await page.locator('#sandbox-accountNumber').fill(accountNumber);
  await page.locator('#sandbox-confirmAccountNumber').fill(accountNumber);
}

/** The two amounts of the newest sandbox "bank statement" in the notification bell. */
export async function readMicroDeposits(page: Page): Promise<[string, string]> {
  await page.getByTestId('notification-bell').click();
  const item = page.getByRole('menuitem').filter({ hasText: 'Sandbox bank statement' }).first();
  await expect(item).toBeVisible();
  const amounts = [...((await item.textContent()) ?? '').matchAll(/\$(0\.\d\d)/g)].map((m) => m[1]!);
  expect(amounts).toHaveLength(2);
  await closeMenu(page);
  return [amounts[0]!, amounts[1]!];
}

/**
 * From /bank-account: links the sandbox's test checking account on its connect page, reads the two
 * micro-deposits from the bell and verifies them. `audit` runs axe on the connect page and the
 * verify dialog on the way (the caller checks the page it ends on).
 */
export async function linkAndVerifyBank(page: Page, bankName: string, audit = false) {
  await page.goto('/bank-account');
  await page.getByRole('button', { name: 'Connect Bank Account' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\?session=/);
  await fillSandboxConnectForm(page, '000123456789', bankName);
  if (audit) await expectAccessible(page);
  await page.getByRole('button', { name: 'Connect account' }).click();
  await expect(page).toHaveURL(/\/bank-account$/);
  const row = page.getByTestId('bank-account');
  await expect(row).toContainText(bankName);
  const [first, second] = await readMicroDeposits(page);
  await row.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First deposit').fill(first);
  await dialog.getByLabel('Second deposit').fill(second);
  if (audit) await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Verified');
}
