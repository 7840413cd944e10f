import { expect, test } from '@playwright/test';
import { apiPerson, ok } from './support/api-people.ts';
import { expectAccessible, snap, uniqueMember } from './support/checks.ts';
import { tabAndPress, tabAndType, tabTo } from './support/keyboard.ts';

test('without a mouse: sign up, join a circle by its code, pay, receive the pool and withdraw it', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run: the keyboard path is the same at every width');
  test.setTimeout(240_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const member = uniqueMember();

  // Kofi runs a circle of three; his and Mei's steps go through the API.
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const group = await ok(
    kofi.request.post('/api/groups', {
      data: { name: 'Keyboard Tanda', contributionAmount: '100', memberLimit: 3 },
    }),
  );

  // Sign up: the Sign Up tab is reached by Tab and chosen with the arrow key, the form filled by typing.
  await page.goto('/auth');
  await tabTo(page, page.getByRole('tab', { name: 'Login' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await tabAndType(page, page.getByLabel('Username'), member.username);
  await tabAndType(page, page.getByLabel('Email'), member.email);
  await tabAndType(page, page.getByLabel('Full name'), member.fullName);
  await tabAndType(page, page.getByLabel('Password', { exact: true }), member.password);
  await tabAndType(page, page.getByLabel('Confirm password'), member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Join by code from the dashboard's quick action.
  await tabAndPress(page, page.getByRole('link', { name: /Join a Group/ }).first());
  await expect(page).toHaveURL(/\/join-group$/);
  await tabAndType(page, page.getByLabel('Invite code'), group.inviteCode);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Keyboard Tanda')).toBeVisible();
  await tabAndPress(page, page.getByRole('button', { name: 'Join This Group' }));
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  // Mei joins after: the member's turn is second, after Kofi's.
  await ok(mei.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  await page.reload();

  // Pay cycle 1 in cash, said through the pay dialog; focus moves into it and Escape would leave it.
  await tabAndPress(page, page.getByTestId('make-contribution'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('How did you pay?'));
  await tabAndType(page, dialog.getByLabel('Reference (optional)'), 'RECEIPT-1');
  await tabAndPress(page, dialog.getByRole('button', { name: /I paid/ }));
  await expect(dialog).toBeHidden();

  // Kofi confirms it and records the others' cash; cycle 1 is his, cycle 2 the member's.
  const detail = await ok(kofi.request.get(`/api/groups/${group.id}`));
  const reported = detail.contributions.find((c: { status: string }) => c.status === 'reported');
  await ok(kofi.request.post(`/api/contributions/${reported.id}/confirm`));
  const me = detail.members.find((m: { userId: number }) => m.userId !== kofi.id && m.userId !== mei.id);
  for (const userId of [kofi.id, mei.id])
    await ok(kofi.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId } }));
  await ok(kofi.request.post('/api/groups/process-payout', { data: { groupId: group.id, cycleNumber: 1 } }));
  for (const userId of [kofi.id, me.userId, mei.id])
    await ok(kofi.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId } }));
  await ok(kofi.request.post('/api/groups/process-payout', { data: { groupId: group.id, cycleNumber: 2 } }));

  // Withdraw by paper check: the method chosen with the arrow keys, the address typed, then confirmed.
  await page.goto('/withdrawal');
  await expect(page.getByTestId('available-balance')).not.toHaveText('$0.00');
  await tabTo(page, page.getByRole('radio').first());
  const check = page.getByRole('radio', { name: /Paper check/ });
  for (let i = 0; i < 4 && !(await check.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(check).toBeChecked();
  await tabAndType(page, page.getByLabel('Amount'), '25');
  await tabAndType(
    page,
    page.getByLabel('Mailing address'),
    'Lucía Fernández, 4 Elm St, Springfield, IL 62704',
  );
  await expect(page.getByTestId('preview-total')).toHaveText('$27.50');
  await tabAndPress(page, page.getByRole('button', { name: 'Request Withdrawal' }));
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation).toContainText('4 Elm St');
  await expect(confirmation.getByTestId('confirm-total')).toHaveText('$27.50');
  await expectAccessible(page);
  await snap(page, testInfo, 'keyboard-withdrawal-confirm');
  await tabAndPress(page, confirmation.getByRole('button', { name: 'Request Withdrawal' }));
  await expect(confirmation).toBeHidden();
  await expect(page.getByText('Withdrawal Requested', { exact: true })).toBeVisible();
  await expect(page.getByTestId('withdrawal').first()).toContainText('Paper check');
});
