import { expect, test } from '@playwright/test';
import { apiPerson, ok } from './support/api-people.ts';

test('a refresh of the group page that fails keeps the page and what the admin has open on it', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Steady Hands', contributionAmount: '20', memberLimit: 3 },
    }),
  );
  for (const p of [kofi, mei])
    await ok(p.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));

  const page = ana.page;
  await page.goto(`/groups/${group.id}?tab=rotation`);
  await page.getByRole('button', { name: 'Adjust Order' }).click();
  const editor = page.getByTestId('rotation-editor');
  await expect(editor).toBeVisible();

  // A payment recorded elsewhere makes the page refresh the circle, and the server fails that once
  // (a restart, a network blip): the page stays, with the editor open.
  const detailUrl = new RegExp(`/api/groups/${group.id}$`);
  await page.route(detailUrl, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"code":"SERVICE_UNAVAILABLE"}',
        })
      : route.continue(),
  );
  const failedRefresh = page.waitForResponse((r) => detailUrl.test(r.url()) && r.status() === 503);
  await ok(ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId: kofi.id } }));
  await failedRefresh;
  await page.unroute(detailUrl);
  await expect(page.getByText('Failed to load group details')).toHaveCount(0);
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save Order' })).toBeVisible();
});
