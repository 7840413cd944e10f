import { expect, type Page, test } from '@playwright/test';
import { closeMenu, expectAccessible, snap, uniqueMember } from './support/checks.ts';
import { signUpInBrowser } from './support/people.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** Fills the sandbox connect page by field id, so it works in any language. */
async function fillConnectForm(page: Page, accountNumber: string, bankName: string) {
  await page.locator('#sandbox-bankName').fill(bankName);
  await page.locator('#sandbox-routingNumber').fill('110000000');
  await page.locator('#sandbox-accountNumber').fill(accountNumber);
  await page.locator('#sandbox-confirmAccountNumber').fill(accountNumber);
}

/** The two amounts of the sandbox "bank statement" in the newest notification about deposits. */
async function readStatement(page: Page, name: string): Promise<[string, string]> {
  await page.getByTestId('notification-bell').click();
  const item = page.getByRole('menuitem').filter({ hasText: 'Sandbox bank statement' }).first();
  await expect(item).toBeVisible();
  await shot(page, name);
  const amounts = [...((await item.textContent()) ?? '').matchAll(/\$(0\.\d\d)/g)].map((m) => m[1]!);
  expect(amounts).toHaveLength(2);
  await closeMenu(page);
  return [amounts[0]!, amounts[1]!];
}

test('a member links a bank in the sandbox, reads the micro-deposits from the bell and verifies', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough; phone screenshots are taken inside');
  test.setTimeout(120_000);
  const member = uniqueMember();
  await signUpInBrowser(page, member);

  // Empty state, with the sandbox label.
  await page.goto('/bank-account');
  await expect(page.getByRole('heading', { name: 'No bank account connected yet' })).toBeVisible();
  await expect(page.getByTestId('sandbox-label')).toHaveText('Sandbox: no real money moves');
  await expectAccessible(page);
  await snap(page, testInfo, 'bank-empty-en');

  // The sandbox's hosted connect page; the routing checksum is checked before anything is sent.
  await page.getByRole('button', { name: 'Connect Bank Account' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\?session=bls_/);
  await expect(page.getByTestId('sandbox-label')).toHaveText('Sandbox: no real money moves');
  await fillConnectForm(page, '000123456789', 'Harbor Credit Union');
  await page.locator('#sandbox-routingNumber').fill('110000001');
  await page.locator('#sandbox-confirmAccountNumber').fill('000123456788');
  await page.getByRole('button', { name: 'Connect account' }).click();
  await expect(page.getByText('Enter a valid 9-digit routing number')).toBeVisible();
  await expect(page.getByText("Account numbers don't match")).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'bank-sandbox-connect-errors-en');
  await page.locator('#sandbox-routingNumber').fill('110000000');
  await page.locator('#sandbox-confirmAccountNumber').fill('000123456789');
  await page.getByRole('button', { name: 'Connect account' }).click();

  // Back on /bank-account: the spec's success message, and the flag gone from the address.
  await expect(page).toHaveURL(/\/bank-account$/);
  await expect(page.getByText('Bank Account Connected!', { exact: true })).toBeVisible();
  const row = page.getByTestId('bank-account');
  await expect(row).toContainText('Harbor Credit Union');
  await expect(row).toContainText('Checking ending in 6789');
  await expect(row).toContainText('Connected');

  const [first, second] = await readStatement(page, 'bank-statement-bell-en-desktop');
  await row.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog');
  // One wrong pair first: it is counted.
  const [wrong, wrong2] = ['0.01', '0.02', '0.03', '0.04'].filter((a) => a !== first && a !== second);
  await dialog.getByLabel('First deposit').fill(wrong!);
  await dialog.getByLabel('Second deposit').fill(wrong2!);
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(dialog.getByRole('alert')).toContainText("Those amounts don't match the two deposits.");
  await expect(dialog.getByText('2 attempts left')).toBeVisible();
  await dialog.getByLabel('First deposit').fill(second);
  await dialog.getByLabel('Second deposit').fill(first);
  await expectAccessible(page);
  await snap(page, testInfo, 'bank-verify-dialog-en');
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Verified');
  await page.reload();
  await expect(page.getByTestId('bank-account')).toContainText('Verified');
  await expectAccessible(page);
  await snap(page, testInfo, 'bank-verified-en');

  // A second account, left waiting for its deposits, so every state shows in the screenshots.
  await page.getByRole('button', { name: 'Connect Bank Account' }).click();
  await fillConnectForm(page, '000111111113', 'Lakeside Savings Bank');
  await page.locator('#sandbox-accountType').selectOption('savings');
  await page.getByRole('button', { name: 'Connect account' }).click();
  await expect(page.getByTestId('bank-account')).toHaveCount(2);

  // Removal asks first.
  await page.getByRole('button', { name: 'Connect Bank Account' }).click();
  await fillConnectForm(page, '000444444441', 'Temporary Bank');
  await page.getByRole('button', { name: 'Connect account' }).click();
  const temporary = page.getByTestId('bank-account').filter({ hasText: 'Temporary Bank' });
  await temporary.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Remove this bank account?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove account' }).click();
  await expect(page.getByText('Bank account removed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('bank-account')).toHaveCount(2);

  for (const view of views) {
    await setView(page, view);
    await page.goto('/bank-account');
    await expectLanguage(page, view);
    await expect(page.getByTestId('bank-account')).toHaveCount(2);
    await auditIn(page, view);
    await shoot(page, 'bank-account', view);
    await page.getByTestId('bank-account').nth(1).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'bank-verify-dialog', view);
    await page.keyboard.press('Escape');
    if (view.language !== 'ar') continue;
    // The connect page in Arabic: numbers stay left-to-right inside a right-to-left page.
    await page.getByRole('button', { name: 'ربط حساب مصرفي' }).click();
    await expect(page).toHaveURL(/\/sandbox\/connect/);
    await fillConnectForm(page, '000123456789', 'بنك الاختبار');
    await auditIn(page, view);
    await shoot(page, 'bank-sandbox-connect', view);
  }
  await setView(page);
});
