import { expect, test } from '@playwright/test';
import { apiPerson, moveClock, ok, signInAgain } from './support/api-people.ts';
import { shootEveryWay } from './support/screens.ts';

test('a late member pays their penalty from the payout in their wallet', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const everyone = [ana, kofi, mei];
  await moveClock(ana.request, 0, everyone);

  // Ana's circle of three, $100.00 due today with no grace; Kofi receives the first pool.
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Harbor Tanda', contributionAmount: '100', memberLimit: 3, gracePeriodDays: 0 },
    }),
  );
  for (const p of [kofi, mei])
    await ok(p.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  await ok(
    ana.request.post('/api/groups/adjust-rotation', {
      data: { groupId: group.id, newOrder: [kofi.id, ana.id, mei.id] },
    }),
  );
  for (const p of [ana, mei])
    await ok(ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId: p.id } }));

  // Two days later (sessions have idled out) Kofi pays his cash: late, so 5% is owed.
  // The pool, less its fee, reaches his wallet.
  await moveClock(ana.request, 2, everyone);
  await signInAgain(everyone);
  const late = await ok(
    ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId: kofi.id } }),
  );
  expect(late).toMatchObject({ late: true, penaltyStatus: 'owed' });
  await ok(ana.request.post('/api/groups/process-payout', { data: { groupId: group.id, cycleNumber: 1 } }));

  // Kofi's Overview shows what he owes and what his wallet holds, and pays it in one press.
  const page = kofi.page;
  await page.goto(`/groups/${group.id}`);
  const card = page.getByTestId('owed-penalties');
  await expect(card).toContainText('Your late penalties');
  await expect(card).toContainText('Cycle 1: $5.00');
  await expect(card).toContainText('Available in your wallet: $291.00');
  await shootEveryWay(page, 'penalty-wallet', async () => {
    await expect(card.getByRole('button')).toBeVisible();
  });
  await card.getByRole('button', { name: 'Pay $5.00 from my wallet' }).click();
  await expect(page.getByText('Penalty paid', { exact: true })).toBeVisible();
  await expect(
    page.getByText("$5.00 went from your wallet into the circle's reserve.").first(),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await ok(kofi.request.get('/api/wallet'))).toMatchObject({ available: '286.00' });
});
