import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, snap } from './support/checks.ts';
import { type Person, signUp } from './support/people.ts';
import { expectLanguage, setView, shoot, views } from './support/views.ts';

async function findGroup(person: Person, code: string, name: string) {
  await person.page.goto('/join-group');
  await person.page.getByLabel('Invite code').fill(code);
  await person.page.getByRole('button', { name: 'Find Group' }).click();
  await expect(person.page.getByText(name, { exact: true })).toBeVisible();
}

async function apply(
  person: Person,
  code: string,
  fields: { reason: string; income?: string; score?: string },
) {
  await findGroup(person, code, 'Garden Susu');
  const form = person.page.getByTestId('application-form');
  await form.getByLabel('Why do you want to join?').fill(fields.reason);
  if (fields.income) await form.getByLabel('Monthly income (optional, self-reported)').fill(fields.income);
  if (fields.score) await form.getByLabel('Credit score (optional, self-reported)').fill(fields.score);
  await form.getByLabel('Referred by (optional)').fill('Ana Torres');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(person.page.getByText('Request pending')).toBeVisible();
}

/** The page as it is now in each view (reloaded per view). */
async function snapBoth(page: Page, name: string, ready: () => Promise<void>) {
  for (const view of views) {
    await setView(page, view);
    await page.reload();
    await expectLanguage(page, view);
    await ready();
    await shoot(page, name, view);
  }
  await setView(page);
  await page.reload();
}

test('a circle that reviews members: people apply, the admin approves and rejects from the group page', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone-width screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await signUp(browser, baseURL, 'Ana Torres');
  const kofi = await signUp(browser, baseURL, 'Kofi Boateng');
  const mei = await signUp(browser, baseURL, 'Mei Lin');
  const sam = await signUp(browser, baseURL, 'Sam Okafor');

  // Ana creates a three-seat circle that reviews new members.
  await ana.page.goto('/create-group');
  await ana.page.getByLabel('Group name').fill('Garden Susu');
  await ana.page.getByLabel('Monthly contribution amount').fill('80');
  await ana.page.getByLabel('Number of members').selectOption('3');
  await ana.page.getByText('More settings').click();
  await ana.page.getByLabel('Require approval to join').check();
  await expect(ana.page.getByText(/Approval required/)).toBeVisible();
  await ana.page.getByRole('button', { name: 'Create Group' }).click();
  await expect(ana.page.getByText('Group Created Successfully!')).toBeVisible();
  const code = (await ana.page.getByTestId('invite-code').textContent())!.trim();
  await ana.page.getByRole('link', { name: 'Go to Group' }).click();
  const groupUrl = new URL(ana.page.url()).pathname;
  await expect(
    ana.page.getByTestId('applications-card').getByText('No requests waiting', { exact: false }),
  ).toBeVisible();

  // Kofi finds it and sees the request form instead of a join button; a blank reason is refused.
  // An invite link carries the code, so the page survives the reloads of the screenshots.
  await kofi.page.goto(`/join-group?code=${code}`);
  await expect(kofi.page.getByTestId('application-form')).toBeVisible();
  await expect(kofi.page.getByRole('button', { name: 'Join This Group' })).toHaveCount(0);
  await kofi.page.getByRole('button', { name: 'Send request' }).click();
  await expect(kofi.page.getByText('Please tell the admins why you want to join')).toBeVisible();
  await expectAccessible(kofi.page);
  await snapBoth(kofi.page, 'approval-join-form', () =>
    expect(kofi.page.getByTestId('application-form')).toBeVisible(),
  );

  await apply(kofi, code, {
    reason: 'My family saves in a susu back home; I want one here for my daughter’s school fees.',
    income: '3200',
    score: '705',
  });
  await expectAccessible(kofi.page);
  await snap(kofi.page, testInfo, 'approval-join-pending-en');
  await apply(mei, code, { reason: 'Neighbour of Ana, saving for a car.', score: '610' });
  await apply(sam, code, { reason: 'Looking for a circle.', score: '540' });

  // Sam changes his mind and asks again: withdraw, then the form is back.
  await sam.page.getByRole('button', { name: 'Withdraw request' }).first().click();
  await expect(sam.page.getByText('Request withdrawn', { exact: true })).toBeVisible();
  await expect(sam.page.getByTestId('application-form')).toBeVisible();
  await apply(sam, code, { reason: 'Looking for a circle near work.', score: '540' });

  // Ana sees the three requests on the Overview tab, with self-reported figures marked.
  await ana.page.goto(groupUrl);
  const card = ana.page.getByTestId('applications-card');
  await expect(card.getByTestId('applicant')).toHaveCount(3);
  await expect(card.getByText('3 people are waiting for a decision')).toBeVisible();
  await expect(card.getByText('self-reported').first()).toBeVisible();
  await expect(card.getByText('$3,200.00')).toBeVisible();
  await expectAccessible(ana.page);
  await snapBoth(ana.page, 'approval-group-card', () => expect(card.getByTestId('applicant')).toHaveCount(3));

  // Reject needs a reason: the button stays off while it is blank.
  const samRow = card.getByTestId('applicant').filter({ hasText: 'Sam Okafor' });
  await samRow.getByRole('button', { name: 'Reject' }).click();
  const dialog = ana.page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Reject', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Reason').fill('   ');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Reason').fill('We are keeping this circle to our street for now.');
  await expectAccessible(ana.page);
  await ana.page.screenshot({ path: 'test-results/screenshots/approval-reject-dialog-en-desktop.png' });
  await confirm.click();
  await expect(ana.page.getByText('Member rejected', { exact: true })).toBeVisible();
  await expect(card.getByTestId('applicant')).toHaveCount(2);

  // Approving Kofi, then Mei fills the last seat and starts the circle.
  await card
    .getByTestId('applicant')
    .filter({ hasText: 'Kofi Boateng' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(ana.page.getByText('Member approved', { exact: true })).toBeVisible();
  await expect(card.getByTestId('applicant')).toHaveCount(1);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await expect(ana.page.getByText('3/3 members').first()).toBeVisible();

  // Kofi is in; Sam reads why he was turned down.
  await kofi.page.goto(groupUrl);
  await expect(kofi.page.getByRole('heading', { level: 1, name: 'Garden Susu' })).toBeVisible();
  await findGroup(sam, code, 'Garden Susu');
  await expect(sam.page.getByText('This group is full and no longer accepting members.')).toBeVisible();
  await sam.page.getByTestId('notification-bell').click();
  await expect(
    sam.page.getByText(
      'Garden Susu: your request to join was declined. Reason: We are keeping this circle to our street for now.',
    ),
  ).toBeVisible();
});
