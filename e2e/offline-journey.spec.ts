import { expect, type Page, test } from '@playwright/test';
import { ok } from './support/api-people.ts';
import { expectAccessible, snap } from './support/checks.ts';
import { signIn, signOut } from './support/people.ts';

const DEMO = { username: 'demo', password: 'circle-demo-2026' };

/** Waits until the service worker serves this page, as it must for an offline reload. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A page opened before the worker took control is not served by it; reload once under control.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** What this browser keeps in IndexedDB for offline use (the saved queries' keys, by entry). */
function savedOfflineData(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Record<string, string[]>>((resolve, reject) => {
        const open = indexedDB.open('savecircle-offline');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('query-cache');
        open.onsuccess = () => {
          const store = open.result.transaction('query-cache').objectStore('query-cache');
          const keys = store.getAllKeys();
          const values = store.getAll();
          store.transaction.oncomplete = () => {
            const saved: Record<string, string[]> = {};
            keys.result.forEach((key, i) => {
              saved[String(key)] = values.result[i].state.queries.map((q: { queryKey: unknown }) =>
                JSON.stringify(q.queryKey),
              );
            });
            open.result.close();
            resolve(saved);
          };
        };
      }),
  );
}

const asOf = (page: Page) => page.getByTestId('offline-as-of');

test('offline, a signed-in user sees their last data with its time, money actions off, and fresh data once back', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run: the journey is about data, not layout');
  test.setTimeout(240_000);
  const baseURL = String(testInfo.project.use.baseURL);
  await signIn(page, DEMO.username, DEMO.password);
  await underServiceWorker(page);

  // The demo user's active circle, its page and the withdrawal page, each seen once online.
  const groups: { id: number; name: string; status: string }[] = await ok(
    page.request.get('/api/user/groups'),
  );
  const circle = groups.find((g) => g.status === 'active')!;
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await page.goto(`/groups/${circle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: circle.name })).toBeVisible();
  await expect(page.getByTestId('make-contribution')).toBeEnabled();
  await page.goto('/withdrawal');
  const submit = page.getByRole('button', { name: 'Request Withdrawal' });
  await expect(page.getByTestId('available-balance')).toBeVisible();
  const available = (await page.getByTestId('available-balance').textContent()) ?? '';
  // Saved a moment after it arrives (saved-queries.ts): leaving at once by a full load would lose it.
  const saved = async () => Object.values(await savedOfflineData(page)).flat();
  await expect.poll(saved).toContain(JSON.stringify(['wallet']));
  await page.goto('/dashboard');
  const goalLine = page.getByText(/^of \$[\d,.]+$/);
  await expect(goalLine).toBeVisible();
  const goalBefore = (await goalLine.textContent()) ?? '';
  await expect.poll(async () => Object.values(await savedOfflineData(page)).flat().length).toBeGreaterThan(3);

  await context.setOffline(true);

  // The dashboard: the last data seen, when it was seen, and why money actions are off.
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(asOf(page)).toHaveText(/^You're offline\. Showing your data as of .*\d{1,2}:\d{2}/);
  await expect(
    page.getByText("Payments, withdrawals and confirmations are off until you're back online."),
  ).toBeVisible();
  await expect(page.locator('#login-username')).toHaveCount(0);
  await expect(goalLine).toHaveText(goalBefore);
  await expectAccessible(page);
  await snap(page, testInfo, 'offline-dashboard-en');

  // The circle's page: its data, and the contribution button off with the reason on it.
  await page.goto(`/groups/${circle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: circle.name })).toBeVisible();
  await expect(asOf(page)).toBeVisible();
  const pay = page.getByTestId('make-contribution');
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAttribute('title', "You're offline: this needs a connection.");
  await expect(pay).toHaveAccessibleDescription(/Payments, withdrawals and confirmations are off/);
  await snap(page, testInfo, 'offline-group-en');

  // The withdrawal page: the balance seen, and no withdrawal can be asked for.
  await page.goto('/withdrawal');
  await expect(page.getByTestId('available-balance')).toHaveText(available);
  await expect(asOf(page)).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectAccessible(page);
  await snap(page, testInfo, 'offline-withdrawal-en');

  // Meanwhile the same user changes their savings goal from another device.
  const other = await browser.newContext({ baseURL });
  await ok(other.request.post('/api/auth/login', { data: DEMO }));
  await ok(other.request.put('/api/user/savings-goal', { data: { target: '12345.00', monthly: '150.00' } }));
  await other.close();

  // Back online: fresh data, without a reload, and the money actions are back.
  await page.goto('/dashboard');
  await expect(goalLine).toHaveText(goalBefore);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await expect(page.getByText('of $12,345.00', { exact: true })).toBeVisible();
  await page.goto(`/groups/${circle.id}`);
  await expect(page.getByTestId('make-contribution')).toBeEnabled();
});

test('after logout, an offline reload shows nothing of the previous user', async ({ page, context }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect.poll(async () => Object.keys(await savedOfflineData(page))).toHaveLength(1);

  await signOut(page);
  await expect.poll(() => savedOfflineData(page)).toEqual({});
  expect(await page.evaluate(() => localStorage.getItem('savecircle.offlineDataOwner'))).toBeNull();

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.locator('#login-username')).toBeVisible();
  await expect(page.getByText(/^Welcome, /)).toHaveCount(0);
  await expect(page.getByTestId('offline-as-of')).toHaveCount(0);
  await context.setOffline(false);
});
