import { type Browser, expect, type Page, test } from '@playwright/test';
import { ok } from './support/api-people.ts';
import { closeMenu, expectAccessible, snap, uniqueMember } from './support/checks.ts';
import { signUp } from './support/people.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

/** Another member, signed up through the API in a context of their own. */
async function apiMember(browser: Browser, baseURL: string, fullName: string) {
  const context = await browser.newContext({ baseURL });
  await ok(context.request.post('/api/auth/register', { data: { ...uniqueMember(), fullName } }));
  return context.request;
}

/** The six-digit code in the newest sandbox "text message" in the bell. */
async function readTextedCode(page: Page): Promise<string> {
  await page.getByTestId('notification-bell').click();
  const item = page.getByRole('menuitem').filter({ hasText: 'Sandbox outbox, text message' }).first();
  await expect(item).toBeVisible();
  await snap(page, test.info(), 'verification-bell-code-en');
  const code = /code is (\d{6})/.exec((await item.textContent()) ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await closeMenu(page);
  return code!;
}

const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

/** Escape would first dismiss a toast on top: the dialog's own close button is unambiguous. */
async function closeDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a member verifies their phone with the code from the bell and their identity on the sandbox page', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await signUp(browser, baseURL, 'Ana Torres');
  const page = ana.page;
  const group = await ok(
    page.request.post('/api/groups', {
      data: { name: 'Harbor Tanda', contributionAmount: '100', memberLimit: 4 },
    }),
  );
  const kofi = await apiMember(browser, baseURL, 'Kofi Boateng');
  await ok(kofi.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));

  // Nothing verified yet: a neutral trust score, the admin's overview of both members.
  await page.goto(`/groups/${group.id}?tab=verification`);
  await expect(page.getByTestId('verification-rate')).toHaveText('0%');
  await expect(page.getByTestId('own-trust-score')).toHaveText('30 / 100');
  await expect(page.getByTestId('own-overall-score')).toHaveText('0 / 100');
  await expect(page.getByTestId('own-phone')).toHaveText('Not started');
  await expect(page.getByRole('heading', { name: 'Why is my score 30?' })).toBeVisible();
  await expect(page.getByText('No payments due yet: a neutral start').first()).toBeVisible();
  await expect(page.getByText('No peer ratings yet: they neither help nor hurt').first()).toBeVisible();
  await expect(page.getByTestId('admin-overview').getByRole('listitem')).toHaveCount(2);
  const members = page.getByTestId('members-trust');
  await expect(members).toContainText('Ana Torres (you)');
  await expect(members).toContainText('Kofi Boateng');
  await expectAccessible(page);
  await snap(page, testInfo, 'verification-tab-start-en');

  // Phone: a wrong number is refused in place; a right one gets a code in the sandbox's outbox (the bell).
  await page.getByTestId('complete-verification').click();
  const dialog = page.getByRole('dialog', { name: 'Complete Verification' });
  await expect(dialog.getByTestId('sandbox-outbox-hint')).toBeVisible();
  await dialog.getByLabel('Phone number').fill('12345');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(
    dialog.getByText('Enter a valid phone number with its country code, like +1 202 555 0123'),
  ).toBeVisible();
  await dialog.getByLabel('Phone number').fill('(202) 555-0123');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, 'Verification code sent')).toBeVisible();
  await expect(dialog.getByText('Sent to +1 ••••••0123. It expires in 10 minutes.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'verification-dialog-code-en');
  await closeDialog(page);
  const code = await readTextedCode(page);

  // The code survives closing the dialog; a wrong one is said in place.
  await page.getByTestId('complete-verification').click();
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('6-digit code').fill(wrong);
  await dialog.getByRole('button', { name: 'Verify phone' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'That code is not right. Check the message and try again.',
  );
  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Verify phone' }).click();
  await expect(toast(page, 'Phone number verified')).toBeVisible();
  await expect(dialog.getByTestId('step-phone-status')).toHaveText('Verified');
  await expect(dialog.getByText('Your phone number +1 ••••••0123 is verified.')).toBeVisible();

  // Identity: the sandbox's own page opens in a new tab; its test document passes.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Verify identity' }).click(),
  ]);
  await expect(toast(page, 'Identity verification initiated')).toBeVisible();
  await expect(dialog.getByTestId('step-identity-status')).toHaveText('Pending');
  await tab.waitForURL(/\/sandbox\/identity\?session=sbx_idv_/);
  await expect(tab.getByTestId('sandbox-label')).toHaveText('Sandbox: no real money moves');
  await tab.getByLabel('Full legal name').fill('Ana María Torres');
  await tab.getByLabel('Date of birth').fill('1990-04-12');
  await tab.getByLabel('Document type').selectOption({ label: 'Passport' });
  await tab.getByRole('button', { name: 'Fill in test document PASS0000' }).click();
  await expect(tab.getByRole('textbox', { name: 'Document number' })).toHaveValue('PASS0000');
  await expectAccessible(tab);
  await tab.screenshot({
    path: 'test-results/screenshots/verification-sandbox-identity-en.png',
    fullPage: true,
  });
  await tab.getByRole('button', { name: 'Submit documents' }).click();
  await expect(tab.getByRole('heading', { name: 'Documents received' })).toBeVisible();
  await expect(tab.getByText('The sandbox will report that your identity is verified.')).toBeVisible();
  await tab.close();

  // The outcome arrives after the sandbox's delay; the tab is watching while identity is pending.
  await expect(dialog.getByTestId('step-identity-status')).toHaveText('Verified', { timeout: 30_000 });
  await closeDialog(page);
  await expect(page.getByTestId('own-overall-score')).toHaveText('55 / 100');
  // 30 (no payments due yet) + 55 × 0.4 = 52.
  await expect(page.getByTestId('own-trust-score')).toHaveText('52 / 100');
  await expect(page.getByRole('heading', { name: 'Why is my score 52?' })).toBeVisible();
  await expect(page.getByTestId('factor-verification').first()).toHaveText('+22 / 40');
  await page.reload();
  await expect(page.getByTestId('own-identity')).toHaveText('Verified');
  await expect(page.getByTestId('own-phone')).toHaveText('Verified');
  await expectAccessible(page);

  // English and Arabic, desktop and phone.
  for (const view of views) {
    await setView(page, view);
    await page.goto(`/groups/${group.id}?tab=verification`);
    await expectLanguage(page, view);
    await expect(page.getByTestId('own-identity')).toHaveAttribute('data-status', 'verified');
    await page.getByTestId('members-trust').locator('summary').first().click();
    await auditIn(page, view);
    await shoot(page, 'verification', view);
    await page.getByTestId('complete-verification').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await auditIn(page, view);
    await shoot(page, 'verification-dialog', view, false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await setView(page);
});
