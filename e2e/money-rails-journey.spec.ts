import { expect, type Locator, type Page, test } from '@playwright/test';
import { linkAndVerifyBank } from './support/bank.ts';
import { confirmStep, expectAccessible } from './support/checks.ts';
import { createCircle, joinByCode } from './support/circle.ts';
import { type Person, signUp } from './support/people.ts';
import { shootEveryWay } from './support/screens.ts';

const shots = 'money-rails';
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const escrowCard = (page: Page, cycle: number): Locator =>
  page.locator(`[data-testid="escrow-card"][data-cycle="${cycle}"]`);

// The money of this circle, in cents: three members at $50.00; the payout fee is 2.9% + $0.30;
// an instant transfer costs 1.5%, at least $0.50.
const CONTRIBUTION = 50_00;
const POOL = 3 * CONTRIBUTION;
const PAYOUT = POOL - (Math.round(POOL * 0.029) + 30);
const instantFee = (amount: number) => Math.max(Math.round(amount * 0.015), 50);
const WITHDRAWAL = 120_00;

/** Moves the server's test clock (its due work runs at once); every browser shows the server's date. */
async function moveClock(people: Person[], advanceDays: number) {
  const reply = await people[0]!.page.request.post('/api/test/clock', { data: { advanceDays } });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { now } = (await reply.json()) as { now: string };
  for (const p of people) await p.page.context().clock.setFixedTime(new Date(now));
}

async function openTab(page: Page, groupUrl: string, tab: 'autopay' | 'escrow' | 'security') {
  await page.goto(`${groupUrl}?tab=${tab}`);
  await expect(page.getByTestId(`${tab}-tab`)).toBeVisible();
}

/** On the Auto-Pay tab: Set Up Auto-Pay from the verified account; returns the due date it shows. */
async function turnOnAutopay(page: Page, audit: boolean) {
  const own = page.getByTestId('own-autopay');
  await expect(own.getByTestId('autopay-status')).toHaveText('Off');
  await own.getByRole('button', { name: 'Set Up Auto-Pay' }).click();
  const setup = page.getByRole('dialog');
  await expect(setup.getByRole('radio', { name: /Harbor Credit Union/ })).toBeChecked();
  if (audit) await expectAccessible(page);
  await setup.getByRole('button', { name: 'Turn On Auto-Pay' }).click();
  await expect(toast(page, 'Automatic Payments Enabled')).toBeVisible();
  await expect(own.getByTestId('autopay-status')).toHaveText('Active');
  await expect(own.getByTestId('autopay-account')).toContainText('••6789');
  // At once, before the minute's due work can collect it: the first contribution is due today.
  await expect(own.getByTestId('next-payment-when')).toHaveText('today');
  return (await own.getByTestId('next-payment').textContent()) ?? '';
}

test('money rails: bank linked in the sandbox, auto-pay debits, escrow released by two, payout withdrawn instantly', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  // Three people, each in their own browser at the same time.
  const everyone = await Promise.all(
    ['Ana Torres', 'Kofi Boateng', 'Mei Lin'].map((name) => signUp(browser, baseURL, name)),
  );
  const [ana, kofi, mei] = everyone as [Person, Person, Person];
  // Other journeys have moved the server's clock: the browsers follow it, so "today" reads right.
  await moveClock(everyone, 0);

  // Ana's circle of three at $50.00 a month; Kofi and Mei join by its code, and the last seat starts it.
  const { code, groupUrl } = await createCircle(ana.page, 'Harbor Tanda', '50', 3);
  for (const p of [kofi, mei]) await joinByCode(p.page, code, groupUrl);

  // Everyone links the sandbox's test account and verifies it with the two deposits from the bell.
  await Promise.all(everyone.map((p) => linkAndVerifyBank(p.page, 'Harbor Credit Union', p === ana)));
  const bankRow = ana.page.getByTestId('bank-account');
  await expect(bankRow).toContainText('Checking ending in 6789');
  await shootEveryWay(ana.page, `${shots}-bank-verified`, async () => {
    await expect(bankRow).toBeVisible();
  });

  // Each turns on auto-pay; the first contribution is due today, the day the circle filled.
  const [dueDay] = await Promise.all(
    everyone.map(async (p) => {
      await openTab(p.page, groupUrl, 'autopay');
      return turnOnAutopay(p.page, p === ana);
    }),
  );

  // Ana turns on multi-signature: one other member must approve a release.
  await ana.page.getByRole('tab', { name: 'Security' }).click();
  await ana.page.getByRole('switch', { name: 'Multi-signature release' }).click();
  const settings = ana.page.getByRole('dialog', { name: 'Turn on Multi-signature release' });
  await settings.getByLabel('Approvals needed').fill('1');
  await expectAccessible(ana.page);
  await settings.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(ana.page, 'Safeguard Updated')).toBeVisible();
  await expect(
    ana.page.getByTestId('safeguard-multi_signature').getByTestId('safeguard-settings'),
  ).toHaveText('1 approval needed');

  // The clock is at the due date already (today), so it moves no days; the due work it runs debits the
  // three banks (unless the server's own minute run got there first), each settling seconds later.
  await moveClock(everyone, 0);
  await ana.page.getByRole('tab', { name: 'Overview' }).click();
  const payments = ana.page.getByTestId('cycle-payments');
  await expect(async () => {
    await ana.page.reload();
    await expect(payments).toContainText('Cycle 1: 3 of 3 paid.', { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  const rows = payments.getByTestId('payment-row');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) {
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Bank debit, confirmed');
  }
  await expectAccessible(ana.page);

  // The Auto-Pay tab: everyone pays automatically, today's payment taken.
  await ana.page.getByRole('tab', { name: 'Auto-Pay' }).click();
  await expect(ana.page.getByTestId('automation-rate')).toHaveText('100%');
  const schedules = ana.page.getByTestId('autopay-member');
  await expect(schedules).toHaveCount(3);
  for (const entry of await schedules.all()) {
    await expect(entry).toContainText('Active');
    await expect(entry.getByTestId('last-payment')).toHaveText(dueDay!);
  }
  await shootEveryWay(ana.page, `${shots}-autopay`, async () => {
    await expect(ana.page.getByTestId('autopay-tab')).toBeVisible();
  });

  // Ana releases the full escrow from View Details: with multi-signature on, it asks for an approval.
  await ana.page.getByRole('tab', { name: 'Escrow' }).click();
  const cycle1 = escrowCard(ana.page, 1);
  await expect(cycle1.getByTestId('escrow-status')).toHaveText('Ready for release');
  await expect(cycle1.getByTestId('escrow-balance')).toHaveText(`${dollars(POOL)} of ${dollars(POOL)}`);
  await expect(cycle1.getByTestId('escrow-contributors')).toHaveText('3 of 3 paid');
  await cycle1.getByRole('button', { name: 'View Details' }).click();
  const details = ana.page.getByRole('dialog', { name: 'Cycle 1 escrow: transactions' });
  await expect(details.getByTestId('escrow-transaction')).toHaveCount(3);
  await expectAccessible(ana.page);
  await details.getByRole('button', { name: 'Release Funds' }).click();
  await confirmStep(ana.page, 'Release Funds');
  await expect(toast(ana.page, 'Approval requested')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(cycle1.getByTestId('release-note')).toContainText(
    'Release requested: 0 of 1 approvals so far.',
  );

  // Kofi approves on the Security tab; the last approval carries the release out.
  await openTab(kofi.page, groupUrl, 'security');
  const request = kofi.page.getByTestId('pending-action');
  await expect(request).toContainText('Release the cycle 1 escrow');
  await expect(request).toContainText(`Amount: ${dollars(POOL)}`);
  await expectAccessible(kofi.page);
  await request.getByRole('button', { name: 'Approve' }).click();
  await confirmStep(kofi.page, 'Approve');
  await expect(toast(kofi.page, 'Action Approved')).toBeVisible();
  await expect(request.getByTestId('action-stage')).toHaveText('Approved · done');

  // Ana sees cycle 1 released: the pool less the payout fee went to her wallet.
  await openTab(ana.page, groupUrl, 'escrow');
  await expect(cycle1.getByTestId('escrow-status')).toHaveText('Released');
  await expect(cycle1.getByTestId('escrow-released')).toHaveText(
    `${dollars(PAYOUT)} went to Ana Torres's wallet, after a payout fee of ${dollars(POOL - PAYOUT)}.`,
  );
  await shootEveryWay(ana.page, `${shots}-escrow-released`, async () => {
    await expect(cycle1.getByTestId('escrow-released')).toBeVisible();
  });

  // The payout is in her wallet; instant transfer shows its fee (1.5%, at least $0.50) and the total.
  const wp = ana.page;
  await wp.goto('/withdrawal');
  await expect(wp.getByTestId('available-balance')).toHaveText(dollars(PAYOUT));
  await expect(wp.getByTestId('wallet-balance')).toHaveText(dollars(PAYOUT));
  await expect(wp.getByTestId('held-balance')).toHaveText('$0.00');
  await expect(wp.getByTestId('method-instant')).toContainText('1.5% fee (minimum $0.50)');
  await wp.getByTestId('method-instant').click();
  await expect(wp.getByText('Paid to Harbor Credit Union ••6789')).toBeVisible();
  // $20.00: 1.5% would be $0.30, so the minimum applies.
  await wp.getByLabel('Amount').fill('20');
  await expect(wp.getByTestId('preview-fee')).toHaveText(dollars(instantFee(20_00)));
  await expect(wp.getByTestId('preview-total')).toHaveText('$20.50');
  await wp.getByLabel('Amount').fill(String(WITHDRAWAL / 100));
  const fee = instantFee(WITHDRAWAL);
  await expect(wp.getByTestId('preview-fee')).toHaveText(dollars(fee));
  await expect(wp.getByTestId('preview-total')).toHaveText(dollars(WITHDRAWAL + fee));
  const afterwards = wp.getByTestId('fee-preview').locator('div', { hasText: 'Available afterwards' });
  await expect(afterwards.locator('dd')).toHaveText(dollars(PAYOUT - WITHDRAWAL - fee));
  await shootEveryWay(wp, `${shots}-withdrawal-fee`, async () => {
    await expect(wp.getByTestId('preview-total')).toContainText(((WITHDRAWAL + fee) / 100).toFixed(2));
  });

  // Sent: processing at once (the total held), then paid out by the sandbox.
  await wp.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(wp.getByRole('alertdialog').getByTestId('confirm-total')).toHaveText(
    dollars(WITHDRAWAL + fee),
  );
  await confirmStep(wp, 'Request Withdrawal');
  await expect(toast(wp, 'Withdrawal Requested')).toBeVisible();
  const withdrawal = wp.getByTestId('withdrawal').first();
  await expect(withdrawal.getByTestId('withdrawal-status')).toHaveText('Processing');
  await expect(withdrawal).toContainText(`Fee ${dollars(fee)} · Total ${dollars(WITHDRAWAL + fee)}`);
  await expect(wp.getByTestId('held-balance')).toHaveText(dollars(WITHDRAWAL + fee));
  await expect(withdrawal.getByTestId('withdrawal-status')).toHaveText('Completed', { timeout: 30_000 });
  const left = dollars(PAYOUT - WITHDRAWAL - fee);
  await expect(wp.getByTestId('available-balance')).toHaveText(left);
  await expect(wp.getByTestId('wallet-balance')).toHaveText(left);
  await expect(wp.getByTestId('held-balance')).toHaveText('$0.00');
  await shootEveryWay(wp, `${shots}-withdrawal-completed`, async () => {
    await expect(withdrawal.getByTestId('withdrawal-status')).toBeVisible();
  });
});
