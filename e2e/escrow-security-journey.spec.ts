import { expect, type Locator, type Page, test } from '@playwright/test';
import { confirmStep, expectAccessible, snap } from './support/checks.ts';
import { type Person, signUp } from './support/people.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

async function openTab(page: Page, groupUrl: string, tab: 'escrow' | 'security') {
  await page.goto(`${groupUrl}?tab=${tab}`);
  await expect(page.getByTestId(`${tab}-tab`)).toBeVisible();
}

const escrowCard = (page: Page, cycle: number): Locator =>
  page.locator(`[data-testid="escrow-card"][data-cycle="${cycle}"]`);

/** The tab in each view; the page is left in English at desktop size. */
async function shootLanguagesAndSizes(
  page: Page,
  groupUrl: string,
  tab: 'escrow' | 'security',
  name: string,
) {
  for (const view of views) {
    await setView(page, view);
    await openTab(page, groupUrl, tab);
    await expectLanguage(page, view);
    await auditIn(page, view);
    await shoot(page, name, view);
  }
  await setView(page);
}

test('a circle guards its escrow: multi-signature release, an approval, and a dispute resolved', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana: Person = await signUp(browser, baseURL, 'Ana Torres');
  const kofi: Person = await signUp(browser, baseURL, 'Kofi Boateng');
  const mei: Person = await signUp(browser, baseURL, 'Mei Lin');

  // Ana creates a circle of three; until it starts there is no escrow.
  await ana.page.goto('/create-group');
  await ana.page.getByLabel('Group name').fill('Harbor Tanda');
  await ana.page.getByLabel('Monthly contribution amount').fill('100');
  await ana.page.getByLabel('Number of members').selectOption('3');
  await ana.page.getByRole('button', { name: 'Create Group' }).click();
  await expect(ana.page.getByText('Group Created Successfully!')).toBeVisible();
  const code = (await ana.page.getByTestId('invite-code').textContent())!.trim();
  await ana.page.getByRole('link', { name: 'Go to Group' }).click();
  const groupUrl = new URL(ana.page.url()).pathname;
  // A failed load says so and offers a retry; then the empty state: no escrow until the circle starts.
  await ana.page.route('**/api/groups/*/escrow', (route) => route.fulfill({ status: 500, body: '{}' }));
  await ana.page.goto(`${groupUrl}?tab=escrow`);
  await expect(ana.page.getByText("We couldn't load the escrow.")).toBeVisible();
  await ana.page.unroute('**/api/groups/*/escrow');
  await ana.page.getByRole('button', { name: 'Try again' }).click();
  await expect(ana.page.getByTestId('escrow-empty')).toContainText('No escrow yet');
  await expect(ana.page.getByTestId('summary-multi-signature')).toHaveText('Off');

  for (const person of [kofi, mei]) {
    await person.page.goto('/join-group');
    await person.page.getByLabel('Invite code').fill(code);
    await person.page.getByRole('button', { name: 'Find Group' }).click();
    await person.page.getByRole('button', { name: 'Join This Group' }).click();
    await expect(person.page).toHaveURL(new RegExp(`${groupUrl}$`));
  }

  // Ana turns on multi-signature: the switch asks for its setting first (at most 2 others can sign).
  await openTab(ana.page, groupUrl, 'security');
  const security = ana.page.getByTestId('safeguards-card');
  await expect(ana.page.getByTestId('custody-provider')).toHaveText('Sandbox: no real money moves');
  await expect(ana.page.getByTestId('custody-facts')).toContainText('nothing is insured');
  await expect(ana.page.getByTestId('no-pending-actions')).toBeVisible();
  await security.getByRole('switch', { name: 'Multi-signature release' }).click();
  const settings = ana.page.getByRole('dialog', { name: 'Turn on Multi-signature release' });
  const approvals = settings.getByLabel('Approvals needed');
  await expect(approvals).toHaveValue('2');
  await approvals.fill('3');
  await settings.getByRole('button', { name: 'Turn on' }).click();
  await expect(settings.getByText('Enter a whole number from 1 to 2.')).toBeVisible();
  await approvals.fill('1');
  await expectAccessible(ana.page);
  await snap(ana.page, testInfo, 'escrow-security-turn-on-en');
  await settings.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(ana.page, 'Safeguard Updated')).toBeVisible();
  await expect(settings).toBeHidden();
  const multiSignature = security.getByTestId('safeguard-multi_signature');
  await expect(multiSignature.getByRole('switch')).toBeChecked();
  await expect(multiSignature.getByTestId('safeguard-settings')).toHaveText('1 approval needed');
  await expect(multiSignature).toContainText('Last changed by Ana Torres');
  await ana.page.reload();
  await expect(
    ana.page.getByTestId('safeguard-multi_signature').getByTestId('safeguard-settings'),
  ).toHaveText('1 approval needed');

  // By keyboard: Space on the time-lock switch asks for its hours; Escape leaves it off, focus back on the switch.
  const timeLock = ana.page.getByRole('switch', { name: 'Time lock' });
  await timeLock.focus();
  await ana.page.keyboard.press('Space');
  await expect(
    ana.page.getByRole('dialog', { name: 'Turn on Time lock' }).getByLabel('Hours to hold'),
  ).toHaveValue('48');
  await ana.page.keyboard.press('Escape');
  await expect(ana.page.getByRole('dialog')).toBeHidden();
  await expect(timeLock).toBeFocused();
  await expect(timeLock).not.toBeChecked();

  // Everyone's contribution for cycle 1 is recorded in cash by Ana.
  await ana.page.goto(groupUrl);
  const payments = ana.page.getByTestId('cycle-payments');
  for (let left = 3; left > 0; left--) {
    await payments.getByRole('button', { name: 'Record cash' }).first().click();
    await confirmStep(ana.page, 'Record cash');
    await expect(payments.getByRole('button', { name: 'Record cash' })).toHaveCount(left - 1);
  }

  // The escrow is full; Release Funds in View Details asks the members instead of paying at once.
  await ana.page.getByRole('tab', { name: 'Escrow' }).click();
  const cycle1 = escrowCard(ana.page, 1);
  await expect(cycle1.getByTestId('escrow-status')).toHaveText('Ready for release');
  await expect(cycle1.getByTestId('escrow-balance')).toHaveText('$300.00 of $300.00');
  await expect(cycle1.getByTestId('escrow-contributors')).toHaveText('3 of 3 paid');
  await expect(cycle1.getByTestId('escrow-approvals')).toHaveText('0 of 1');
  await expect(cycle1.getByTestId('escrow-transaction-count')).toHaveText('3');
  await cycle1.getByRole('button', { name: 'View Details' }).click();
  const details = ana.page.getByRole('dialog', { name: 'Cycle 1 escrow: transactions' });
  await expect(details.getByTestId('escrow-transaction')).toHaveCount(3);
  await expect(details.getByTestId('escrow-transactions')).toContainText('Contribution from Kofi Boateng');
  await expect(details).toContainText('Multi-signature is on: pressing Release Funds asks 1 other member');
  await expectAccessible(ana.page);
  await snap(ana.page, testInfo, 'escrow-details-en');
  await details.getByRole('button', { name: 'Release Funds' }).click();
  await expect(ana.page.getByRole('alertdialog')).toContainText('1 other member must approve first.');
  await expect(ana.page.getByRole('alertdialog')).toContainText('$300.00');
  await confirmStep(ana.page, 'Release Funds');
  await expect(toast(ana.page, 'Approval requested')).toBeVisible();
  await expect(details.getByTestId('release-unavailable')).toHaveText(
    "The release has been requested and is waiting for the members' approvals.",
  );
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(cycle1.getByTestId('release-note')).toContainText(
    'Release requested: 0 of 1 approvals so far.',
  );

  // Kofi sees the request on the Security tab and approves it: the last signature releases the pool.
  await openTab(kofi.page, groupUrl, 'security');
  const request = kofi.page.getByTestId('pending-action');
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('Release the cycle 1 escrow');
  await expect(request).toContainText('Requested by Ana Torres');
  await expect(request).toContainText('Amount: $300.00');
  await expect(request.getByTestId('action-approvals')).toHaveText('0 of 1 approvals');
  await expect(kofi.page.getByRole('main').getByRole('switch')).toHaveCount(0);
  await shootLanguagesAndSizes(kofi.page, groupUrl, 'security', 'security-approval');
  await openTab(kofi.page, groupUrl, 'security');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(kofi.page.getByRole('alertdialog')).toContainText('Yours is the last approval needed');
  await confirmStep(kofi.page, 'Approve');
  await expect(toast(kofi.page, 'Action Approved')).toBeVisible();
  await expect(
    kofi.page.getByText('That was the last approval needed: it has been carried out.', { exact: true }),
  ).toBeVisible();
  await expect(request.getByTestId('action-stage')).toHaveText('Approved · done');
  await expect(request).toContainText('Approved by Kofi Boateng');

  // Ana's Escrow tab shows cycle 1 released, with its deposits, the release and the fee.
  await openTab(ana.page, groupUrl, 'escrow');
  await expect(cycle1.getByTestId('escrow-status')).toHaveText('Released');
  await expect(cycle1.getByTestId('escrow-released')).toHaveText(
    "$291.00 went to Ana Torres's wallet, after a payout fee of $9.00.",
  );
  await cycle1.getByRole('button', { name: 'View Details' }).click();
  const history = ana.page.getByRole('dialog', { name: 'Cycle 1 escrow: transactions' });
  await expect(history.getByTestId('escrow-transaction')).toHaveCount(5);
  await expect(history).toContainText('Released to Ana Torres');
  await expect(history).toContainText('Payout fee');
  const amounts = await history.getByTestId('transaction-amount').allTextContents();
  expect(amounts.sort()).toEqual(['$100.00', '$100.00', '$100.00', '-$291.00', '-$9.00'].sort());
  await expect(history.getByRole('button', { name: 'Release Funds' })).toHaveCount(0);
  await history.getByRole('button', { name: 'Close' }).first().click();
  await expect(escrowCard(ana.page, 2).getByTestId('escrow-status')).toHaveText('Collecting');

  // Mei disputes the cycle 2 release; it cannot be released until the dispute is resolved.
  await openTab(mei.page, groupUrl, 'escrow');
  const meiCycle2 = escrowCard(mei.page, 2);
  await meiCycle2.getByRole('button', { name: 'Dispute this release' }).click();
  const dispute = mei.page.getByRole('dialog', { name: 'Dispute the cycle 2 release' });
  const open = dispute.getByRole('button', { name: 'Open dispute' });
  await expect(open).toBeDisabled();
  await dispute.getByLabel('What is wrong?').fill('Kofi says his cash was counted twice at the meeting.');
  await expectAccessible(mei.page);
  await open.click();
  await expect(toast(mei.page, 'Dispute opened')).toBeVisible();
  await expect(meiCycle2.getByTestId('escrow-status')).toHaveText('Disputed');
  await expect(meiCycle2.getByTestId('escrow-dispute')).toContainText('counted twice');
  await expect(meiCycle2.getByRole('button', { name: 'Dispute this release' })).toHaveCount(0);

  // Ana resolves it; the escrow goes back to collecting.
  await openTab(ana.page, groupUrl, 'escrow');
  const cycle2 = escrowCard(ana.page, 2);
  await expect(cycle2.getByTestId('escrow-status')).toHaveText('Disputed');
  await expect(cycle2.getByTestId('release-note')).toContainText('A member has disputed this escrow');
  await expectAccessible(ana.page);
  await snap(ana.page, testInfo, 'escrow-disputed-en');
  await cycle2.getByRole('button', { name: 'Resolve' }).click();
  const resolve = ana.page.getByRole('dialog', { name: 'Resolve this dispute' });
  await resolve.getByLabel('How was it resolved?').fill('Recounted together: the cash book is right.');
  await resolve.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(toast(ana.page, 'Dispute resolved')).toBeVisible();
  await expect(cycle2.getByTestId('escrow-status')).toHaveText('Collecting');
  await expect(cycle2.getByTestId('escrow-dispute')).toContainText('Recounted together');
  await ana.page.reload();
  await expect(escrowCard(ana.page, 2).getByTestId('escrow-dispute')).toContainText('Resolved');

  await shootLanguagesAndSizes(ana.page, groupUrl, 'escrow', 'escrow-tab');
  await shootLanguagesAndSizes(ana.page, groupUrl, 'security', 'security-tab');
});
