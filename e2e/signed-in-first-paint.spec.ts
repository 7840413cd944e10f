import { type Browser, expect, type Page, test } from '@playwright/test';
import { type ApiPerson, apiPerson, ok } from './support/api-people.ts';
import { snap } from './support/checks.ts';
import { watchHydration } from './support/hydration.ts';

/**
 * Decision 0048: the dashboard and a circle's page come drawn by the server with the member's data, so
 * they show before the app's code runs; the app then takes the same elements over (hydration), in the
 * page's language, and works as it always did.
 */

/** A member with a circle of their own, made through the API. */
async function memberWithCircle(browser: Browser, baseURL: string) {
  const member = await apiPerson(browser, baseURL, 'Adaeze Nwosu');
  // The server's clock, which journeys before this one may have moved days ahead.
  const { now } = await ok(member.request.post('/api/test/clock', { data: { advanceDays: 0 } }));
  const start = new Date(Date.parse(now) + 5 * 86_400_000).toISOString().slice(0, 10);
  const group = await ok(
    member.request.post('/api/groups', {
      data: {
        name: 'Lagos market esusu',
        contributionAmount: '75.00',
        memberLimit: 4,
        frequency: 'monthly',
        contributionDay: Number(start.slice(8, 10)),
        startDate: start,
        gracePeriodDays: 3,
      },
    }),
  );
  return { member, groupId: group.id as number };
}

/** A page in a context of its own, signed in as `member`, with or without script. */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  member: ApiPerson,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, serviceWorkers: 'block' });
  await ok(
    context.request.post('/api/auth/login', {
      data: { username: member.username, password: member.password },
    }),
  );
  return context.newPage();
}

/** Holds the answers to requests for `pattern` until the returned function is called. */
async function holdUntilReleased(page: Page, pattern: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('without any script, the dashboard and the circle page show the member’s own data', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { member, groupId } = await memberWithCircle(browser, baseURL!);
  const page = await signedInPage(browser, baseURL!, member, false);
  const viewport = testInfo.project.use.viewport;
  if (viewport) await page.setViewportSize(viewport);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Adaeze!' })).toBeVisible();
  await expect(page.getByText('Lagos market esusu').first()).toBeVisible();
  await snap(page, testInfo, 'signed-in-drawn-dashboard');

  await page.goto(`/groups/${groupId}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'Lagos market esusu' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'نظرة عامة' })).toBeVisible();
  await snap(page, testInfo, 'signed-in-drawn-group-ar');

  // A tab whose code loads apart from the page's is drawn in place too, once, and shown.
  await page.goto(`/groups/${groupId}?tab=rotation&lang=en`);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByText('The payout order is set when the group is full.')).toBeVisible();
  await page.context().close();
});

for (const [name, path] of [
  ['dashboard', () => '/dashboard'],
  ['circle page in Arabic', (groupId: number) => `/groups/${groupId}?lang=ar`],
  ['circle page on a tab whose code loads apart', (groupId: number) => `/groups/${groupId}?tab=members`],
] as const) {
  test(`the drawn ${name} is taken over in place by the app, which then works`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one run; the same at every width');
    const { member, groupId } = await memberWithCircle(browser, baseURL!);
    const page = await signedInPage(browser, baseURL!, member, true);
    const problems = watchHydration(page);
    await page.goto(path(groupId), { waitUntil: 'commit' });
    const drawn = page.locator('#root[data-signed-in] h1').first();
    await expect(drawn).toBeVisible();
    const heading = await drawn.elementHandle();
    await page.waitForLoadState('networkidle');
    // Hydrated: the elements the server drew are the app's own now, not replaced by a second drawing.
    expect(await heading!.evaluate((node) => node.isConnected)).toBe(true);
    await expect(page.locator('#prerendered')).toHaveCount(0);
    expect(problems).toEqual([]);
    // And it answers: the language menu opens, a tab switches.
    await page.getByTestId('language-selector').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    if (name !== 'dashboard') {
      await page.getByTestId('tab-rotation').click();
      await expect(page).toHaveURL(/tab=rotation/);
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
    }
    await page.context().close();
  });
}

test('a press on a page drawn in another language than the browser shows is answered once the app has taken it over', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the same at every width');
  const { member, groupId } = await memberWithCircle(browser, baseURL!);
  const page = await signedInPage(browser, baseURL!, member, true);
  // This browser shows Arabic, which the server cannot know yet (no language cookie): it draws the
  // member's English, which the app takes over and then switches to Arabic.
  await page.addInitScript(() => localStorage.setItem('savecircle-language', 'ar'));
  const release = await holdUntilReleased(page, /\/assets\/index-[\w-]+\.js$/);
  // The held code also holds the load event.
  await page.goto(`/groups/${groupId}`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-selector').click();
  release();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('menu')).toBeVisible();
  // The app kept its language where the server reads it: the next page is drawn in Arabic and hydrated.
  await page.reload();
  await expect(page.locator('#root[data-signed-in]')).toHaveAttribute('data-prerendered', 'ar');
  await page.context().close();
});

test('a press on a tab drawn by the server, made before that tab’s own code has arrived, is answered', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the same at every width');
  const { member, groupId } = await memberWithCircle(browser, baseURL!);
  const page = await signedInPage(browser, baseURL!, member, true);
  const release = await holdUntilReleased(page, /\/assets\/schedule-tab-[\w-]+\.js$/);
  await page.goto(`/groups/${groupId}?tab=schedule`, { waitUntil: 'commit' });
  // The member, the circle's admin, presses the drawn button while the app runs but the tab is not live.
  await page.getByRole('button', { name: 'Edit Schedule' }).click();
  release();
  await expect(page.getByTestId('schedule-editor')).toBeVisible();
  await page.context().close();
});

test('every tab of a running circle, drawn by the server for its admin, is taken over without a second drawing', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the same at every width');
  test.setTimeout(240_000);
  const { member, groupId } = await memberWithCircle(browser, baseURL!);
  // Full, started, its first cycle collected and paid out: every tab has something of its own to draw
  // (a current cycle, a paid-out one, the admin's controls). A part the browser draws otherwise than
  // the server is drawn anew, and a press made on it before then is lost.
  const others: ApiPerson[] = [];
  for (const name of ['Bao Tran', 'Camila Reyes', 'Dae-jung Park'])
    others.push(await apiPerson(browser, baseURL!, name));
  const { group } = await ok(member.request.get(`/api/groups/${groupId}`));
  for (const m of others)
    await ok(m.request.post(`/api/groups/${groupId}/join`, { data: { inviteCode: group.inviteCode } }));
  for (const m of [member, ...others])
    await ok(member.request.post(`/api/groups/${groupId}/contributions/record`, { data: { userId: m.id } }));
  await ok(member.request.post('/api/groups/process-payout', { data: { groupId, cycleNumber: 1 } }));

  const page = await signedInPage(browser, baseURL!, member, true);
  const problems = watchHydration(page);
  // The tabs the page itself offers, so a tab added later is checked too.
  await page.goto(`/groups/${groupId}`);
  const tabs = await page
    .getByRole('tab')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.replace(/^tab-/, '')));
  expect(tabs).toEqual(expect.arrayContaining(['overview', 'rotation', 'escrow', 'news']));
  for (const tab of tabs) {
    await page.goto(`/groups/${groupId}?tab=${tab}`, { waitUntil: 'commit' });
    const drawn = page.locator('#root[data-signed-in] [role="tabpanel"][data-state="active"]');
    await expect(drawn).toHaveCount(1);
    const panel = await drawn.elementHandle();
    await page.waitForLoadState('networkidle');
    expect(await panel!.evaluate((node) => node.isConnected), `${tab}: drawn anew`).toBe(true);
    expect(problems, tab).toEqual([]);
  }
  await page.context().close();
});
