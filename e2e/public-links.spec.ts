import { expect, type Page, test } from '@playwright/test';
import { DEMO_USER } from '../src/shared/demo.ts';
import { ok } from './support/api-people.ts';
import { expectAccessible } from './support/checks.ts';
import { signIn } from './support/people.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

/** Issue 16's public pages: each must be a real page, reachable, and pass axe. */
const PUBLIC_PAGES = [
  '/help',
  '/blog',
  '/security',
  '/compliance',
  '/terms',
  '/privacy',
  '/about',
  '/features',
  '/pricing',
  '/how-it-works',
  '/contact',
];

/** A bound, so a page that links to ever new addresses cannot keep the crawl going. */
const MAX_PAGES = 200;

/** Where the crawl starts once signed in: the app's main pages (one group page is added). */
const SIGNED_IN_STARTS = ['/dashboard', '/groups', '/settings', '/history', '/analytics', '/referral'];

/**
 * The links on the page worth following, as path plus query (fragments dropped: they point into a
 * page already counted). Left out: other origins, mailto:/tel:, the API, downloads, files (a path
 * with an extension is no page of the app), and one-time links from emails (`token=`), which act as
 * they open (an unsubscribe would change the demo user's settings for the journeys after this one).
 */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]:not([download])')
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  const links = new Set<string>();
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (url.pathname.startsWith('/api/')) continue;
    if (/\.[a-z0-9]+$/i.test(url.pathname)) continue;
    if (url.searchParams.has('token')) continue;
    links.add(url.pathname + url.search);
  }
  return [...links];
}

/**
 * Waits until the page has drawn its content: no route loading (spinner) or data loading (skeleton)
 * left, and the number of links unchanged for half a second. A page still loading after 15 s is
 * judged as it is: the crawl looks for 404s, not for slow pages.
 */
async function settle(page: Page) {
  const deadline = Date.now() + 15_000;
  let lastCount = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const { busy, links } = await page.evaluate(() => ({
      busy:
        document.querySelector('.animate-pulse, [role="status"] > .animate-spin') !== null ||
        document.querySelector('main, h1, [data-testid="not-found-page"]') === null,
      links: document.querySelectorAll('a[href]').length,
    }));
    if (busy || links !== lastCount) {
      lastCount = links;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 500) return;
    await page.waitForTimeout(100);
  }
}

type Broken = { path: string; linkedFrom: string[]; problem: string };

/**
 * Breadth-first from `starts`: opens every distinct same-origin link once and returns the ones that
 * show the 404 page, each with the pages that link to it. `visited` is shared between crawls so the
 * bound counts every page opened.
 */
async function crawl(page: Page, starts: string[], visited: Set<string>, label: string): Promise<Broken[]> {
  // Live lists: a page opened later may still link to one already found broken.
  const linkedFrom = new Map<string, string[]>(starts.map((start) => [start, []]));
  const queue = [...starts];
  const seen = new Set(starts);
  const broken: Broken[] = [];
  while (queue.length > 0 && visited.size < MAX_PAGES) {
    const path = queue.shift() as string;
    visited.add(`${label} ${path}`);
    try {
      await page.goto(path);
    } catch (error) {
      const problem = `does not open: ${(error as Error).message.split('\n')[0]}`;
      broken.push({ path, linkedFrom: linkedFrom.get(path) ?? [], problem });
      continue;
    }
    await settle(page);
    if ((await page.getByTestId('not-found-page').count()) > 0) {
      broken.push({ path, linkedFrom: linkedFrom.get(path) ?? [], problem: '404 page' });
      continue;
    }
    for (const link of await linksOn(page)) {
      const from = linkedFrom.get(link) ?? [];
      if (!from.includes(path)) from.push(path);
      linkedFrom.set(link, from);
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  expect.soft(queue, `the crawl stopped at ${MAX_PAGES} pages with links left to open`).toEqual([]);
  return broken;
}

const describe = (broken: Broken[], label: string) =>
  broken.map(
    ({ path, linkedFrom, problem }) =>
      `${label}: ${path} (${problem})  ← ${linkedFrom.length > 0 ? `linked from ${linkedFrom.join(', ')}` : 'no link to it (a start of the crawl)'}`,
  );

test('every link on the public and the signed-in pages opens a real page, not the 404 page', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the links are the same at every width');
  test.setTimeout(600_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const visited = new Set<string>();

  const visitorContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const visitor = await visitorContext.newPage();
  // From the landing page; the issue's public pages are opened even when nothing links to them yet.
  const publicBroken = await crawl(visitor, ['/', ...PUBLIC_PAGES], visited, 'visitor');
  await visitorContext.close();

  const memberContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const member = await memberContext.newPage();
  await signIn(member, DEMO_USER.username, DEMO_USER.password);
  const groups = (await ok(member.request.get('/api/user/groups'))) as Array<{ id: number }>;
  expect(groups.length, 'the demo user belongs to a circle').toBeGreaterThan(0);
  const starts = [...SIGNED_IN_STARTS, `/groups/${groups[0]?.id}`];
  const memberBroken = await crawl(member, starts, visited, 'signed in');
  await memberContext.close();

  console.log(`crawled ${visited.size} pages`);
  expect([...describe(publicBroken, 'visitor'), ...describe(memberBroken, 'signed in')]).toEqual([]);
});

test('every public page is a real page and passes axe', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the views below cover the phone width');
  test.setTimeout(300_000);
  for (const path of PUBLIC_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await settle(page);
      // Soft: the 404 page passes axe too, and every page's verdict is worth having in one run.
      expect.soft(await page.getByTestId('not-found-page').count(), `${path} shows the 404 page`).toBe(0);
      await expectAccessible(page);
    });
  }
});

test('the help centre and the blog in English and Arabic, at desktop and phone width', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the views set their own sizes');
  test.setTimeout(300_000);
  await page.goto('/');
  for (const path of [
    '/help',
    '/blog',
    '/help/secure-your-account',
    '/blog/what-is-a-rotating-savings-circle',
    '/pricing',
  ]) {
    for (const view of views) {
      await setView(page, view);
      await page.goto(path);
      await expectLanguage(page, view);
      await settle(page);
      // The screenshot first, to look at whatever the page shows; then axe where the view audits.
      await shoot(page, path.slice(1).replaceAll('/', '-'), view);
      expect.soft(await page.getByTestId('not-found-page').count(), `${path} shows the 404 page`).toBe(0);
      await auditIn(page, view);
    }
  }
});

test('help search finds by a misspelt word, the newsletter signs up, the blog filters by category in the address, and pages read without JavaScript', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  await page.goto('/help');
  const search = page.getByTestId('help-search');
  // "pasword": one letter short; the results come as the words are typed.
  await search.pressSequentially('pasword');
  const results = page.getByTestId('help-results');
  await expect(results.getByRole('link').first()).toBeVisible();
  await expect(results).toContainText('Secure your account');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/help\/[a-z-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/help');
  await search.fill('zzzqqqxx');
  await expect(
    page.getByTestId('help-no-results').getByRole('link', { name: /contact|ask/i }),
  ).toHaveAttribute('href', '/contact');

  // The landing's waitlist is the same sign-up.
  await page.goto('/');
  const waitlist = page.getByTestId('waitlist-form');
  await waitlist.getByLabel('Email address').fill(`visitor-${Date.now()}@example.com`);
  await waitlist.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(page.getByTestId('waitlist-subscribed')).toBeVisible();

  await page.goto('/blog');
  // The newsletter box signs up for real (the landing's call): the form gives way to a confirmation.
  const newsletter = page.getByTestId('newsletter-form');
  await newsletter.getByLabel('Email address').fill(`reader-${Date.now()}@example.com`);
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully subscribed!' })).toBeVisible();
  await page.getByRole('button', { name: 'Tips', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?category=tips$/);
  await expect(page.getByRole('button', { name: 'Tips', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: /payout turn/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: /bought a car/i })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { name: /bought a car/i })).toBeVisible();
  await page.getByRole('link', { name: /^read/i }).first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z-]+$/);

  // Search engines and link previews read the page before any script runs: the pre-rendered text.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
  });
  const plain = await noScript.newPage();
  await plain.goto('/blog/what-is-a-rotating-savings-circle?lang=ar');
  await expect(plain.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(plain.getByRole('heading', { level: 1 })).toContainText('الجمعية');
  await plain.goto('/pricing');
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(plain.getByRole('main')).toContainText('$4,854.70');
  await noScript.close();
});
