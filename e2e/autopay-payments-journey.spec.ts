import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPerson, moveClock, ok, signInAgain } from './support/api-people.ts';
import { linkAndVerifyBank } from './support/bank.ts';
import { confirmStep, expectAccessible, snap } from './support/checks.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

type Debit = { userId: number; source: string; status: string };

/** Links a sandbox bank account; verifies it with the micro-deposits the sandbox shows in the bell. */
async function linkAccount(
  request: APIRequestContext,
  bankName: string,
  accountNumber: string,
  verify = true,
) {
  const session = await ok(request.post('/api/create-financial-connections-session'));
  const account = { bankName, routingNumber: '110000000', accountNumber, accountType: 'checking' };
  const { bankAccount } = await ok(
    request.post('/api/complete-bank-connection', { data: { sessionId: session.sessionId, account } }),
  );
  if (!verify) return;
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

/** Waits until no bank debit of the circle is with the bank any more (the admin sees them all). */
async function debitsSettled(request: APIRequestContext, groupId: number): Promise<Debit[]> {
  let debits: Debit[] = [];
  await expect
    .poll(
      async () => {
        debits = (await ok(request.get(`/api/groups/${groupId}/bank-debits`))).bankDebits;
        return debits.some((d) => d.status === 'requested' || d.status === 'processing');
      },
      { timeout: 30_000 },
    )
    .toBe(false);
  return debits;
}

/** The calendar day as the page shows it in English (noon UTC, like the app). */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

test('members pay by bank and by auto-pay; the admin follows payments, reminds and applies a penalty', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const lucia = await apiPerson(browser, baseURL, 'Lucía Fernández');
  const tomas = await apiPerson(browser, baseURL, 'Tomás Rivera');
  const everyone = [ana, kofi, mei, lucia, tomas];

  // Ana's circle of five, $100.00 a month from today (on the server's clock); the last seat starts it.
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Harbor Tanda', contributionAmount: '100', memberLimit: 5 },
    }),
  );
  for (const m of [kofi, mei, lucia, tomas])
    await ok(m.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  const groupUrl = `/groups/${group.id}`;
  const today = await moveClock(ana.request, 0, everyone);

  // Without a bank account the pay dialog records off-app payments and shows the way to /bank-account.
  const kp = kofi.page;
  await kp.goto(`${groupUrl}?pay=1`);
  const payDialog = kp.getByRole('dialog');
  await expect(payDialog.getByTestId('connect-bank-hint')).toContainText(
    'Connect a bank account and verify it first.',
  );
  await expect(payDialog.getByLabel('How did you pay?')).toBeVisible();
  await payDialog.getByRole('link', { name: 'Go to Bank Account' }).click();
  await expect(kp).toHaveURL(/\/bank-account$/);
  await linkAndVerifyBank(kp, 'Harbor Credit Union');
  // A second verified account whose debits fail (the sandbox's insufficient-funds test number).
  await linkAccount(kofi.request, 'Lakeside Savings', '000111111113');

  // Paying from the bank is now the first choice, labelled as the sandbox.
  await kp.goto(`${groupUrl}?pay=1`);
  await expect(payDialog.getByTestId('way-bank').getByRole('radio')).toBeChecked();
  await expect(payDialog.getByTestId('sandbox-label')).toHaveText('Sandbox: no real money moves');
  const fromAccount = payDialog.getByLabel('From account');
  await expect(fromAccount.locator('option')).toHaveText([
    'Harbor Credit Union ••6789',
    'Lakeside Savings ••1113',
  ]);
  await expectAccessible(kp);
  await snap(kp, testInfo, 'pay-dialog-bank-en');

  // From the account without funds: on its way, then refused with the bank's reason.
  // Each attempt carries its own Idempotency-Key, so a retried request cannot pull the money twice.
  const keys: string[] = [];
  kp.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/contributions/bank-debit'))
      keys.push(r.headers()['idempotency-key'] ?? '');
  });
  await fromAccount.selectOption({ label: 'Lakeside Savings ••1113' });
  await payDialog.getByRole('button', { name: 'Pay $100.00 from my bank' }).click();
  await expect(toast(kp, 'Bank payment started')).toBeVisible();
  await expect(payDialog.getByTestId('pay-state')).toContainText('Bank payment on its way');
  await expect(payDialog.getByTestId('processing-detail')).toHaveText(
    /\$100\.00 is on its way from .*Lakeside Savings.* ••1113\./,
  );
  await expect(toast(kp, 'Bank payment failed')).toBeVisible({ timeout: 30_000 });
  const failure = payDialog.getByTestId('bank-debit-failure');
  await expect(failure).toContainText("Your bank payment didn't go through");
  await expect(failure.getByTestId('bank-debit-failure-reason')).toHaveText(
    'The bank account has insufficient funds (sandbox test account)',
  );
  await expectAccessible(kp);
  await snap(kp, testInfo, 'pay-dialog-failed-en');
  await payDialog.getByRole('button', { name: 'Close' }).click();
  await expect(payDialog).toBeHidden();

  // The Overview shows the failure too; trying again from the other account goes through.
  const overviewFailure = kp.getByTestId('bank-debit-failure');
  await expect(overviewFailure).toContainText('insufficient funds');
  await overviewFailure.getByRole('button', { name: 'Try again' }).click();
  await fromAccount.selectOption({ label: 'Harbor Credit Union ••6789' });
  await payDialog.getByRole('button', { name: 'Pay $100.00 from my bank' }).click();
  await expect(payDialog.getByTestId('pay-state')).toContainText('Bank payment on its way');
  await expect(toast(kp, 'Contribution Successful')).toBeVisible({ timeout: 30_000 });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).not.toBe(keys[0]);
  await expect(payDialog.getByTestId('pay-state')).toContainText('Your $100.00 contribution is confirmed.');
  await payDialog.getByRole('button', { name: 'Close' }).click();
  await expect(payDialog).toBeHidden();
  await kp.reload();
  await expect(kp.getByTestId('bank-debit-failure')).toHaveCount(0);

  // Mei turns auto-pay on from her verified account (another one still waits for its deposits).
  await linkAccount(mei.request, 'Harbor Credit Union', '000123456789');
  await linkAccount(mei.request, 'Lakeside Savings', '000444444441', false);
  const mp = mei.page;
  await mp.goto(`${groupUrl}?tab=autopay`);
  const own = mp.getByTestId('own-autopay');
  await expect(own.getByTestId('autopay-status')).toHaveText('Off');
  await own.getByRole('button', { name: 'Set Up Auto-Pay' }).click();
  const setup = mp.getByRole('dialog');
  await expect(setup.getByRole('radio', { name: /Harbor Credit Union/ })).toBeChecked();
  await expect(setup.getByText('Verify this account first')).toBeVisible();
  await expect(setup.getByRole('link', { name: 'Verify on Bank Account' })).toHaveAttribute(
    'href',
    '/bank-account',
  );
  await expect(setup.getByTestId('sandbox-label')).toBeVisible();
  await expectAccessible(mp);
  await snap(mp, testInfo, 'autopay-setup-dialog-en');
  await setup.getByRole('button', { name: 'Turn On Auto-Pay' }).click();
  await expect(toast(mp, 'Automatic Payments Enabled')).toBeVisible();
  await expect(own.getByTestId('autopay-status')).toHaveText('Active');
  await expect(own.getByTestId('autopay-account')).toContainText('••6789');
  await expect(own.getByTestId('next-payment')).toHaveText(shown(today));
  await expect(own.getByTestId('next-payment-when')).toHaveText('today');
  // Turning it off and on again.
  await own.getByRole('button', { name: 'Cancel Auto-Pay' }).click();
  await confirmStep(mp, 'Cancel Auto-Pay');
  await expect(toast(mp, 'Automatic Payments Canceled')).toBeVisible();
  await expect(own.getByTestId('autopay-status')).toHaveText('Off');
  await own.getByRole('button', { name: 'Set Up Auto-Pay' }).click();
  await setup.getByRole('button', { name: 'Turn On Auto-Pay' }).click();
  await expect(own.getByTestId('autopay-status')).toHaveText('Active');

  // Lucía's auto-pay draws on an account without funds; Tomás links a bank but pays nothing; Ana pays cash.
  await linkAccount(lucia.request, 'Lakeside Savings', '000111111113');
  await ok(
    lucia.request.post(`/api/groups/${group.id}/members/${lucia.id}/setup-auto-payments`, { data: {} }),
  );
  await linkAccount(tomas.request, 'Harbor Credit Union', '000123456789');
  await ok(ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId: ana.id } }));

  // The due work collects today's contributions by auto-pay: Mei's goes through, Lucía's is refused.
  await moveClock(ana.request, 0, everyone);
  const debits = await debitsSettled(ana.request, group.id);
  expect(debits.find((d) => d.userId === mei.id && d.source === 'autopay')?.status).toBe('succeeded');
  expect(debits.find((d) => d.userId === lucia.id && d.source === 'autopay')?.status).toBe('failed');
  await mp.reload();
  await expect(own.getByTestId('last-payment')).toHaveText(shown(today));
  await expect(own.getByTestId('next-payment-when')).toHaveText(/^in \d+ days$/);
  await expect(mp.getByTestId('automation-rate')).toHaveText('40%');

  // Ana's Payments tab: everything due so far was paid on time.
  const ap = ana.page;
  await ap.goto(`${groupUrl}?tab=payments`);
  await expect(ap.getByTestId('compliance-rate')).toHaveText('100%');
  await expect(ap.getByTestId('overdue-count')).toHaveText('0');
  await expect(ap.getByTestId('enforcement-rules')).toContainText('3 days after the due date');

  // Five days later, past the three days' grace: Tomás and Lucía are overdue (her retry is refused too).
  await moveClock(ana.request, 5, everyone);
  await signInAgain([ana, tomas]);
  await debitsSettled(ana.request, group.id);
  await ap.goto(`${groupUrl}?tab=payments`);
  await expect(ap.getByTestId('compliance-rate')).toHaveText('60%');
  await expect(ap.getByTestId('overdue-count')).toHaveText('2');
  const tomasRow = ap.getByTestId('monitoring-member').filter({ hasText: 'Tomás Rivera' });
  await expect(tomasRow.getByTestId('monitoring-status')).toHaveText('Overdue');
  await expect(tomasRow.getByTestId('member-owes')).toHaveText('Overdue: $100.00');

  // A reminder goes out once a day at most; the second press says why it was not sent.
  await tomasRow.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(toast(ap, 'Reminder sent')).toBeVisible();
  await expect(tomasRow.getByTestId('last-reminder')).toBeVisible();
  await tomasRow.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(toast(ap, 'Reminder not sent')).toBeVisible();
  await expect(toast(ap, 'A reminder for this payment went out less than a day ago')).toBeVisible();

  // Apply Penalty asks first, with the amount: 5% of $100.00.
  await tomasRow.getByRole('button', { name: 'Apply Penalty' }).click();
  const confirm = ap.getByRole('alertdialog');
  await expect(confirm).toContainText('Apply a late penalty to Tomás Rivera?');
  await expect(confirm).toContainText('Tomás Rivera will owe $5.00');
  await expectAccessible(ap);
  await snap(ap, testInfo, 'payments-penalty-confirm-en');
  await confirm.getByRole('button', { name: 'Apply $5.00 penalty' }).click();
  await expect(toast(ap, 'Penalty applied')).toBeVisible();
  await expect(tomasRow.getByTestId('member-owes')).toHaveText('Overdue: $100.00 · Penalty owed: $5.00');
  await expect(tomasRow.getByRole('button', { name: 'Apply Penalty' })).toHaveCount(0);

  // The Auto-Pay tab tells the admin about Lucía's failures; collection settings keep their retries.
  await ap.getByRole('tab', { name: 'Auto-Pay' }).click();
  const luciaRow = ap.getByTestId('autopay-member').filter({ hasText: 'Lucía Fernández' });
  await expect(luciaRow.getByTestId('autopay-failures')).toContainText('2 recent payment failures.');
  await expect(luciaRow.getByTestId('autopay-failures')).toContainText(
    'Contact Lucía Fernández to sort out their bank payment.',
  );
  // Ana has no bank account: the setup dialog says so in the spec's words and shows where to connect one.
  await ap.getByTestId('own-autopay').getByRole('button', { name: 'Set Up Auto-Pay' }).click();
  const noAccount = ap.getByRole('dialog');
  await expect(noAccount).toContainText('No bank account connected. Please connect a bank account first.');
  await expect(noAccount.getByRole('link', { name: 'Go to Bank Account' })).toHaveAttribute(
    'href',
    '/bank-account',
  );
  await noAccount.getByRole('button', { name: 'Close' }).click();
  const settings = ap.getByTestId('collection-settings');
  await settings.getByLabel('Retry attempts').selectOption('5');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(toast(ap, 'Collection settings saved')).toBeVisible();
  await ap.reload();
  await expect(settings.getByLabel('Retry attempts')).toHaveValue('5');
  await settings.getByRole('link', { name: 'Change it on the Schedule tab' }).click();
  await expect(ap).toHaveURL(/tab=schedule/);

  // Both tabs (as the admin) and Tomás's pay dialog, in English and Arabic, on a desktop and a phone.
  const tp = tomas.page;
  await tp.goto(groupUrl);
  for (const view of views) {
    for (const page of [ap, tp]) await setView(page, view);
    for (const tab of ['payments', 'autopay']) {
      await ap.goto(`${groupUrl}?tab=${tab}`);
      await expectLanguage(ap, view);
      await expect(ap.getByTestId(`${tab}-tab`)).toBeVisible();
      await auditIn(ap, view);
      await shoot(ap, `${tab}-tab`, view);
    }
    await tp.goto(`${groupUrl}?pay=1`);
    await expect(tp.getByRole('dialog').getByTestId('pay-by-bank')).toBeVisible();
    await auditIn(tp, view);
    await shoot(tp, 'pay-dialog', view);
  }
});
