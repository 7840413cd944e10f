import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPerson, ok } from './support/api-people.ts';
import { confirmStep, expectAccessible, snap } from './support/checks.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

/** Links a sandbox bank account and verifies it with the micro-deposits the sandbox shows in the bell. */
async function linkVerifiedAccount(request: APIRequestContext, bankName: string, accountNumber: string) {
  const session = await ok(request.post('/api/create-financial-connections-session'));
  const account = { bankName, routingNumber: '110000000', accountNumber, accountType: 'checking' };
  const { bankAccount } = await ok(
    request.post('/api/complete-bank-connection', { data: { sessionId: session.sessionId, account } }),
  );
  const inbox = await ok(request.get('/api/notifications'));
  const statement = inbox.notifications.find(
    (n: { type: string; data: { bankAccountId?: number } }) =>
      n.type === 'bank_micro_deposits_sent' && n.data.bankAccountId === bankAccount.id,
  );
  await ok(
    request.post(`/api/bank-accounts/${bankAccount.id}/verify`, {
      data: { amounts: [statement.data.amount1, statement.data.amount2] },
    }),
  );
}

async function expectWallet(page: Page, available: string, held: string, balance: string) {
  await expect(page.getByTestId('available-balance')).toHaveText(available);
  await expect(page.getByTestId('held-balance')).toHaveText(held);
  await expect(page.getByTestId('wallet-balance')).toHaveText(balance);
}

const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

test('a member withdraws payout money: fee preview, holds, a retried request, and both outcomes', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const page = ana.page;

  // Ana's circle of three pays its first pool (300.00 less the 9.00 fee) into her wallet, via the API.
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Harbor Tanda', contributionAmount: '100', memberLimit: 3 },
    }),
  );
  for (const m of [kofi, mei])
    await ok(m.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  for (const m of [ana, kofi, mei])
    await ok(ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId: m.id } }));
  await ok(ana.request.post('/api/groups/process-payout', { data: { groupId: group.id, cycleNumber: 1 } }));

  // A list that fails to load says so and offers a retry.
  await page.route('**/api/withdrawals', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/withdrawal');
  await expect(page.getByText("We couldn't load your withdrawals.")).toBeVisible();
  await page.unroute('**/api/withdrawals');
  await page.getByRole('button', { name: 'Try again' }).click();

  // No withdrawals yet, no bank account: instant transfer points to /bank-account and cannot be sent.
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw Funds' })).toBeVisible();
  await expect(page.getByTestId('sandbox-label')).toHaveText('Sandbox: no real money moves');
  await expectWallet(page, '$291.00', '$0.00', '$291.00');
  await expect(page.getByText('No withdrawals yet')).toBeVisible();
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByText('Please select a withdrawal method')).toBeVisible();
  await page.getByTestId('method-instant').click();
  const prompt = page.getByTestId('bank-account-required');
  await expect(prompt).toContainText('Bank and instant transfers go to a verified bank account.');
  await expect(prompt.getByRole('link', { name: 'Go to Bank Account' })).toHaveAttribute(
    'href',
    '/bank-account',
  );
  await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'withdrawal-no-bank-en');

  // A wire needs its details, and at least $100.00; nothing is sent until both are right.
  await page.getByTestId('method-wire').click();
  await page.getByLabel('Amount').fill('50');
  await expect(page.getByTestId('preview-fee')).toHaveText('$15.00');
  await expect(page.getByTestId('preview-total')).toHaveText('$65.00');
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByText('Amount must be between $100.00 and $50,000.00')).toBeVisible();
  await expect(page.getByText('Please enter the wire transfer details')).toBeVisible();
  await expect(page.getByLabel('Wire transfer details')).toHaveAttribute('placeholder', /SWIFT\/BIC/);
  await expect(page.getByText('No withdrawals yet')).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'withdrawal-wire-errors-en');

  // Two verified sandbox accounts: one that pays out, one whose payouts fail (account closed).
  await linkVerifiedAccount(ana.request, 'Harbor Credit Union', '000123456789');
  await linkVerifiedAccount(ana.request, 'Lakeside Savings', '000333333335');
  await page.reload();

  // Instant transfer of $100.00: 1.5% fee; $101.50 leaves the available balance at once (held, then paid).
  await page.getByTestId('method-instant').click();
  const sendTo = page.getByLabel('Send to');
  await expect(sendTo.locator('option')).toHaveText([
    'Harbor Credit Union (Checking) ••6789',
    'Lakeside Savings (Checking) ••3335',
  ]);
  await page.getByLabel('Amount').fill('100');
  await expect(page.getByTestId('preview-fee')).toHaveText('$1.50');
  await expect(page.getByTestId('preview-total')).toHaveText('$101.50');
  await expect(page.getByTestId('preview-exceeds')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  // It asks first: where the money goes, the fee and what leaves the wallet.
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation).toContainText('Instant transfer: Within minutes.');
  await expect(confirmation).toContainText('Harbor Credit Union ••6789');
  await expect(confirmation.getByTestId('confirm-fee')).toHaveText('$1.50');
  await expect(confirmation.getByTestId('confirm-total')).toHaveText('$101.50');
  await expectAccessible(page);
  await snap(page, testInfo, 'withdrawal-confirm-en');
  await confirmation.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByText('No withdrawals yet')).toBeVisible();
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await confirmStep(page, 'Request Withdrawal');
  await expect(toast(page, 'Withdrawal Requested')).toBeVisible();
  await expect(page.getByTestId('available-balance')).toHaveText('$189.50');
  const rows = page.getByTestId('withdrawal');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Instant transfer');
  await expect(rows.first()).toContainText('$100.00');
  await expect(rows.first()).toContainText('Fee $1.50 · Total $101.50');
  await expect(rows.first()).toContainText('Harbor Credit Union ••6789');
  // The sandbox pays out after its delay (seconds in this run); the page polls while it is in flight.
  await expect(rows.first().getByTestId('withdrawal-status')).toHaveText('Completed', { timeout: 30_000 });
  await expectWallet(page, '$189.50', '$0.00', '$189.50');

  // More than what is left: the preview warns before anything is sent.
  await page.getByLabel('Amount').fill('200');
  await expect(page.getByTestId('preview-total')).toHaveText('$203.00');
  await expect(page.getByTestId('preview-exceeds')).toContainText(
    'The total is more than your available balance: $189.50',
  );

  // $50.00 to the closing account. The first reply is lost on the way back (the server did the work);
  // pressing the button again sends the same Idempotency-Key, so it is replayed, not made twice.
  await sendTo.selectOption({ label: 'Lakeside Savings (Checking) ••3335' });
  await page.getByLabel('Amount').fill('20');
  await expect(page.getByTestId('preview-fee')).toHaveText('$0.50');
  await page.getByLabel('Amount').fill('50');
  await expect(page.getByTestId('preview-fee')).toHaveText('$0.75');
  const keys: string[] = [];
  await page.route('**/api/withdrawals/request', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await confirmStep(page, 'Request Withdrawal');
  await expect(toast(page, 'Withdrawal Failed')).toBeVisible();
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await confirmStep(page, 'Request Withdrawal');
  await expect(toast(page, 'Withdrawal Requested')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.unroute('**/api/withdrawals/request');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Lakeside Savings ••3335');

  // The closed account refuses the payout: the hold is released and the reason shown.
  await expect(rows.first().getByTestId('withdrawal-status')).toHaveText('Failed', { timeout: 30_000 });
  await expect(rows.first().getByTestId('withdrawal-failure')).toContainText(
    'The bank account is closed (sandbox test account)',
  );
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expectWallet(page, '$189.50', '$0.00', '$189.50');

  // A paper check goes to the mailing address typed in, for a flat $2.50.
  await page.getByTestId('method-check').click();
  await page.getByLabel('Amount').fill('25');
  await page.getByLabel('Mailing address').fill('Ana Torres, 12 Harbor St, Springfield, IL 62701');
  await expect(page.getByTestId('preview-total')).toHaveText('$27.50');
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('12 Harbor St, Springfield');
  await confirmStep(page, 'Request Withdrawal');
  await expect(toast(page, 'Withdrawal Requested')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Paper check');
  await expect(rows.first()).toContainText('12 Harbor St, Springfield');
  await expect(rows.first().getByTestId('withdrawal-status')).toHaveText('Completed', { timeout: 30_000 });
  await expectWallet(page, '$162.00', '$0.00', '$162.00');
  await expectAccessible(page);
  await snap(page, testInfo, 'withdrawal-settled-en');

  // English and Arabic, desktop and phone, with a wire being filled in.
  for (const view of views) {
    await setView(page, view);
    await page.goto('/withdrawal');
    await expectLanguage(page, view);
    await expect(rows).toHaveCount(3);
    await page.getByTestId('method-wire').click();
    await page.locator('#withdrawal-amount').fill('120');
    await expect(page.getByTestId('preview-total')).toContainText('135.00');
    await auditIn(page, view);
    await shoot(page, 'withdrawal', view);
  }
  await setView(page);
  await page.goto('/withdrawal');
});
