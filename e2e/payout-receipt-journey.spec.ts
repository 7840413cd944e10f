import { expect, type Page, test } from '@playwright/test';
import { apiPerson, ok } from './support/api-people.ts';
import { closeMenu, confirmStep, expectAccessible } from './support/checks.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

/**
 * Screenshots of what the page shows now in each view, checked with axe where the view audits.
 * `show` brings the page back to the state to look at after each reload; a dialog is shot as the
 * viewport shows it (a full-page shot would scroll the page under it).
 */
async function snapAll(page: Page, name: string, show: () => Promise<void>, fullPage = true) {
  const url = page.url();
  for (const view of views) {
    await setView(page, view);
    await page.goto(url);
    await expectLanguage(page, view);
    await show();
    await auditIn(page, view);
    await shoot(page, name, view, fullPage);
  }
  await setView(page);
  await page.goto(url);
}

test('a payout handed over in cash is disputed, settled and confirmed; the admin freezes and unfreezes', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');

  // Ana creates a circle of three; Kofi and Mei join with its code, which starts the rotation.
  await ana.page.goto('/create-group');
  await ana.page.getByLabel('Group name').fill('Market Susu');
  await ana.page.getByLabel('Monthly contribution amount').fill('100');
  await ana.page.getByLabel('Number of members').selectOption('3');
  await ana.page.getByRole('button', { name: 'Create Group' }).click();
  await expect(ana.page.getByText('Group Created Successfully!')).toBeVisible();
  await ana.page.getByRole('link', { name: 'Go to Group' }).click();
  const groupUrl = new URL(ana.page.url()).pathname;
  const groupId = Number(groupUrl.split('/').pop());
  const { inviteCode } = (await ok(ana.page.request.get(`/api/groups/${groupId}`))).group;
  for (const m of [kofi, mei]) {
    const joined = await m.request.post(`/api/groups/${groupId}/join`, { data: { inviteCode } });
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  // Cycle 1 goes to Ana, into her wallet (through the API: not this journey's subject).
  for (const m of [ana, kofi, mei]) {
    const paid = await ana.request.post(`/api/groups/${groupId}/contributions/record`, {
      data: { userId: m.id },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  const first = await ana.request.post('/api/groups/process-payout', { data: { groupId, cycleNumber: 1 } });
  expect(first.ok(), await first.text()).toBe(true);

  // Cycle 2 is Kofi's: Ana records everyone's cash on the Overview tab.
  await ana.page.goto(groupUrl);
  const payments = ana.page.getByTestId('cycle-payments');
  const recordCash = payments.getByRole('button', { name: 'Record cash' });
  await expect(recordCash).toHaveCount(3);
  for (let left = 3; left > 0; left--) {
    await recordCash.first().click();
    await confirmStep(ana.page, 'Record cash');
    await expect(recordCash).toHaveCount(left - 1);
  }

  // She hands the pool over in cash: the whole $300.00, no fee, and Kofi will be asked to confirm.
  await ana.page.getByRole('tab', { name: 'Rotation' }).click();
  const dialog = ana.page.getByRole('dialog');
  await snapAll(
    ana.page,
    'payout-handover-dialog',
    async () => {
      await ana.page.getByTestId('process-payout').click();
      await dialog.getByTestId('delivery-off_app').check();
      await expect(dialog.getByTestId('payout-receipt-note')).toBeVisible();
    },
    false,
  );
  await ana.page.getByRole('button', { name: 'Process Payout' }).click();
  await expect(dialog.getByRole('radio', { name: "Into Kofi Boateng's SaveCircle wallet" })).toBeChecked();
  await expect(dialog.getByTestId('payout-net')).toHaveText('$291.00');
  await dialog.getByRole('radio', { name: 'Handed over outside the app' }).check();
  await expect(dialog.getByTestId('payout-fee')).toHaveText('No fee');
  await expect(dialog.getByTestId('payout-net')).toHaveText('$300.00');
  await expect(dialog.getByTestId('payout-receipt-note')).toContainText(
    'Kofi Boateng will be asked to confirm how much they received',
  );
  await dialog.getByLabel('Method', { exact: true }).selectOption('cash');
  await dialog.getByLabel('Reference (optional)').fill('Sunday meeting at the market');
  await dialog.getByRole('button', { name: 'Record Hand-over' }).click();
  await expect(ana.page.getByText('Hand-over recorded', { exact: true })).toBeVisible();
  await expect(ana.page.getByTestId('receipt-badge-2')).toHaveText('Handed over · awaiting confirmation');
  await expect(ana.page.getByTestId('receipt-badge-1')).toHaveCount(0);

  // Kofi got $250.00 so far: he says so, with a note, which opens a dispute.
  await kofi.page.goto(groupUrl);
  const receipt = kofi.page.getByTestId('payout-receipt-card');
  await expect(receipt.getByRole('heading', { name: 'Did you receive $300.00?' })).toBeVisible();
  await expect(receipt).toContainText('Sunday meeting at the market');
  await snapAll(kofi.page, 'payout-receipt-difference', async () => {
    await receipt.getByTestId('receipt-different').click();
    await expect(receipt.getByTestId('receipt-difference-form')).toBeVisible();
  });
  await receipt.getByRole('button', { name: 'I received a different amount' }).click();
  await receipt.getByRole('button', { name: 'Report This Amount' }).click();
  await expect(receipt.getByText('Enter an amount in dollars and cents, like 25 or 25.50')).toBeVisible();
  await receipt.getByLabel('Amount you received').fill('250');
  await receipt.getByLabel('Note for the admins (optional)').fill('$50 is still to come next Sunday.');
  await receipt.getByRole('button', { name: 'Report This Amount' }).click();
  await expect(kofi.page.getByText('Difference reported', { exact: true })).toBeVisible();
  await expect(receipt.getByTestId('receipt-dispute-summary')).toHaveText(
    'You said you received $250.00 of $300.00. The admins have been told. Once the rest reaches you, confirm it here.',
  );
  await snapAll(kofi.page, 'payout-receipt-disputed', () =>
    expect(kofi.page.getByTestId('receipt-dispute-summary')).toBeVisible(),
  );

  // Ana is told, and sees the dispute with Kofi's note on the Overview tab.
  await ana.page.goto(groupUrl);
  await ana.page.getByTestId('notification-bell').click();
  await expect(
    ana.page.getByText('Market Susu: the cycle 2 recipient says they received $250.00, not $300.00'),
  ).toBeVisible();
  await closeMenu(ana.page);
  const dispute = ana.page.getByTestId('payout-dispute');
  await expect(dispute).toContainText('Kofi Boateng · cycle 2');
  await expect(dispute).toContainText('$300.00');
  await expect(dispute).toContainText('$250.00');
  await expect(dispute).toContainText('$50 is still to come next Sunday.');
  await snapAll(ana.page, 'payout-dispute-admin', () =>
    expect(ana.page.getByTestId('payout-disputes')).toBeVisible(),
  );

  // The rest is handed over: Kofi confirms the whole amount and the dispute closes.
  await kofi.page.goto(groupUrl);
  await receipt.getByRole('button', { name: "I've now received all $300.00" }).click();
  await expect(kofi.page.getByText('Receipt confirmed', { exact: true })).toBeVisible();
  await expect(receipt).toHaveCount(0);
  await ana.page.goto(groupUrl);
  await expect(ana.page.getByTestId('payout-disputes')).toHaveCount(0);
  await ana.page.getByRole('tab', { name: 'Rotation' }).click();
  await expect(ana.page.getByTestId('receipt-badge-2')).toHaveText('Handed over · confirmed');

  // Ana freezes the circle: the reason is required, then everyone sees the banner.
  await ana.page.getByTestId('freeze-circle').click();
  const freeze = ana.page.getByRole('dialog');
  const confirmFreeze = freeze.getByRole('button', { name: 'Freeze Circle' });
  await expect(confirmFreeze).toBeDisabled();
  await freeze.getByLabel('Reason (members will see it)').fill('   ');
  await expect(confirmFreeze).toBeDisabled();
  await freeze.getByLabel('Reason (members will see it)').fill('Sorting out a missed payment first.');
  await expectAccessible(ana.page);
  await confirmFreeze.click();
  await expect(ana.page.getByText('Circle frozen', { exact: true })).toBeVisible();
  await expect(ana.page.getByTestId('frozen-banner')).toContainText('This circle is frozen');
  await expect(ana.page.getByTestId('payout-frozen')).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Process Payout' })).toHaveCount(0);
  await snapAll(ana.page, 'circle-frozen-admin', () =>
    expect(ana.page.getByTestId('frozen-banner')).toBeVisible(),
  );

  await mei.page.goto(groupUrl);
  await expect(mei.page.getByTestId('frozen-banner')).toContainText(
    'No payouts and no automatic debits until an admin unfreezes it.',
  );
  await expect(mei.page.getByTestId('unfreeze-circle')).toHaveCount(0);
  await mei.page.getByTestId('notification-bell').click();
  await expect(
    mei.page.getByText(
      'Market Susu is frozen: no payouts or automatic debits for now. Reason: Sorting out a missed payment first.',
    ),
  ).toBeVisible();
  await closeMenu(mei.page);
  await snapAll(mei.page, 'circle-frozen-member', () =>
    expect(mei.page.getByTestId('frozen-banner')).toBeVisible(),
  );

  // Unfrozen, the circle goes on: the banner is gone and the freeze action is back.
  await ana.page.getByTestId('unfreeze-circle').click();
  await expect(ana.page.getByText('Circle unfrozen', { exact: true })).toBeVisible();
  await expect(ana.page.getByTestId('frozen-banner')).toHaveCount(0);
  await expect(ana.page.getByTestId('freeze-circle')).toBeVisible();
});
