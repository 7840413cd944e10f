import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { CONTENT_PAGES } from '../src/shared/content-pages.ts';
import { DEMO_OPERATOR, DEMO_USER } from '../src/shared/demo.ts';
import { languageCodes } from '../src/web/i18n/languages.ts';
import { ok } from './support/api-people.ts';
import { signIn } from './support/people.ts';

/**
 * Issue 17: no page wider than a phone. Every page, public and signed in, at 320 and 390 px in all
 * six languages: the document may not be wider than the window, and no element with text may cut
 * its text off (wider content inside `overflow: hidden|clip` without an ellipsis). A region that
 * scrolls sideways on purpose (`overflow-x: auto|scroll`, the ScrollRegion) is fine.
 * Every offender is listed in one failure.
 */

const WIDTHS = [320, 390] as const;
type Role = 'visitor' | 'member' | 'operator';
type Visit = { role: Role; path: string };

/** Every route `src/web/routes.tsx` declares, read from its text so a new route cannot be forgotten. */
function declaredRoutes(): string[] {
  const source = readFileSync('src/web/routes.tsx', 'utf8');
  const routes = [...source.matchAll(/path(?:="|: ')([^"']+)["']/g)].map((match) => match[1] as string);
  // The content pages are one `<Route path={`/${slug}`}>` per CONTENT_PAGES entry.
  if (source.includes('CONTENT_PAGES.map')) routes.push(...CONTENT_PAGES.map((slug) => `/${slug}`));
  return routes;
}

/** The group page's tabs, read from its list so a new tab is opened too. */
function groupTabs(): string[] {
  const source = readFileSync('src/web/features/group-page/group-page.tsx', 'utf8');
  const list = /const tabs = \[([^\]]*)\] as const/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([a-z-]+)'/g)].map((match) => match[1] as string);
}

/** Waits until the page has drawn its content in `language`: no route or data still loading. */
async function settle(page: Page, language: string) {
  await page
    .waitForFunction(
      (lang) =>
        document.documentElement.lang === lang &&
        document.querySelector('main, h1, [data-testid="not-found-page"]') !== null &&
        document.querySelector('.animate-pulse, [role="status"] > .animate-spin') === null,
      language,
      { timeout: 10_000, polling: 50 },
    )
    .catch(() => {
      // Judged as it is: a page that never settles still must not be wider than the phone.
      console.log(`${page.url()} still loading after 10 s`);
    });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Opens `path` inside the loaded app, as its own links do (history plus the event the router listens
 * to): the bundle and the language's words load once per language, not once per page.
 */
async function navigate(page: Page, path: string, language: string) {
  await page.evaluate((to) => {
    window.scrollTo(0, 0);
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page, language);
}

/** What is too wide on the page now: the document, the elements that stick out, and clipped text. */
function measure() {
  const describe = (el: Element) => {
    const id = el.getAttribute('data-testid') ?? el.id;
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4) : [];
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return `<${el.tagName.toLowerCase()}${id ? ` #${id}` : ''}${classes.length ? ` .${classes.join('.')}` : ''}> "${text.slice(0, 40)}"`;
  };
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1;
  };
  const problems: string[] = [];
  const documentWidth = document.documentElement.scrollWidth;
  const windowWidth = window.innerWidth;
  if (documentWidth > windowWidth) {
    // The culprits: elements past the window's edge whose parent is not (the parent holds them in).
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el)) continue;
      const rect = el.getBoundingClientRect();
      const out = (r: DOMRect) => r.right > windowWidth + 0.5 || r.left < -0.5;
      const parent = el.parentElement;
      if (!out(rect) || !parent || out(parent.getBoundingClientRect())) continue;
      // Inside a box that clips or scrolls, it cannot widen the page.
      let held = false;
      for (let up: HTMLElement | null = parent; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') held = true;
      }
      if (!held) {
        culprits.push(`${describe(el)} ${Math.round(rect.left)}..${Math.round(rect.right)}`);
      }
    }
    // Text that runs out of its box (an unbreakable figure in a narrow column) widens the page too.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      const box = node.parentElement;
      if (!box || rect.width === 0 || (rect.right <= windowWidth + 0.5 && rect.left >= -0.5)) continue;
      let held = false;
      for (let up: HTMLElement | null = box; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') held = true;
      }
      if (!held)
        culprits.push(`text of ${describe(box)} ${Math.round(rect.left)}..${Math.round(rect.right)}`);
    }
    problems.push(
      `document ${documentWidth} px wide in ${windowWidth} px; sticking out: ${culprits.slice(0, 4).join('; ') || 'none found'}`,
    );
  }
  for (const el of document.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    if (el.scrollWidth <= el.clientWidth + 1 || style.textOverflow === 'ellipsis') continue;
    // Text hidden on purpose for screen readers (sr-only): 1 px wide and clipped.
    if (el.clientWidth <= 1 || style.clip !== 'auto') continue;
    if (!visible(el) || !(el.textContent ?? '').trim()) continue;
    problems.push(`clipped: ${describe(el)} shows ${el.clientWidth} of ${el.scrollWidth} px`);
  }
  return problems;
}

/** Signs a person in once and keeps the session for the contexts of every width. */
async function storageFor(browser: Browser, baseURL: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, username, password);
  const state = await context.storageState();
  await context.close();
  return state;
}

test.use({ trace: 'off' });

test('every page fits a 320 and a 390 px phone in every language, with no text cut off', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; the test sets its own widths');
  test.setTimeout(600_000);
  const baseURL = String(testInfo.project.use.baseURL);

  const member = await storageFor(browser, baseURL, DEMO_USER.username, DEMO_USER.password);
  const operator = await storageFor(browser, baseURL, DEMO_OPERATOR.username, DEMO_OPERATOR.password);

  // The demo user's circles: one they run (admin tabs and the statement) and one they only belong to.
  const probe = await browser.newContext({ baseURL, storageState: member });
  const me = (await ok(probe.request.get('/api/user'))) as { id: number };
  const groups = (await ok(probe.request.get('/api/user/groups'))) as Array<{
    id: number;
    createdBy: number;
    status: string;
  }>;
  await probe.close();
  const runs = groups.find((g) => g.createdBy === me.id && g.status === 'active');
  const belongs =
    groups.find((g) => g.createdBy !== me.id && g.status === 'active') ??
    groups.find((g) => g.createdBy !== me.id);
  expect(runs, 'the demo user runs an active circle').toBeDefined();
  expect(belongs, 'the demo user belongs to a circle someone else runs').toBeDefined();
  const adminGroup = runs?.id as number;
  const memberGroup = belongs?.id as number;

  /** Each route pattern and the addresses that open it, as whom. */
  const coverage: Record<string, Visit[]> = {
    '/': [
      { role: 'visitor', path: '/' },
      { role: 'member', path: '/' },
    ],
    '/auth': [{ role: 'visitor', path: '/auth' }],
    '/group-communication-demo': [{ role: 'visitor', path: '/group-communication-demo' }],
    '/forgot-password': [{ role: 'visitor', path: '/forgot-password' }],
    // Opened without a valid token they show their "this link does not work" state.
    '/reset-password': [{ role: 'visitor', path: '/reset-password?token=not-a-token' }],
    '/verify-email': [{ role: 'visitor', path: '/verify-email?token=not-a-token' }],
    '/unsubscribe': [{ role: 'visitor', path: '/unsubscribe?token=not-a-token' }],
    '/contact': [
      { role: 'visitor', path: '/contact' },
      { role: 'member', path: '/contact' },
    ],
    '/help': [{ role: 'visitor', path: '/help' }],
    '/help/:slug': [{ role: 'visitor', path: '/help/secure-your-account' }],
    '/blog': [{ role: 'visitor', path: '/blog' }],
    '/blog/:slug': [{ role: 'visitor', path: '/blog/what-is-a-rotating-savings-circle' }],
    ...Object.fromEntries(
      CONTENT_PAGES.map((slug) => [`/${slug}`, [{ role: 'visitor' as const, path: `/${slug}` }]]),
    ),
    '/dashboard': [{ role: 'member', path: '/dashboard' }],
    '/groups': [{ role: 'member', path: '/groups' }],
    '/groups/:id': [adminGroup, memberGroup].flatMap((id) =>
      groupTabs().map((tab) => ({
        role: 'member' as const,
        path: tab === 'overview' ? `/groups/${id}` : `/groups/${id}?tab=${tab}`,
      })),
    ),
    '/groups/:id/statement': [{ role: 'member', path: `/groups/${adminGroup}/statement` }],
    '/create-group': [{ role: 'member', path: '/create-group' }],
    '/join-group': [{ role: 'member', path: '/join-group' }],
    '/history': [{ role: 'member', path: '/history' }],
    '/analytics': [{ role: 'member', path: '/analytics' }],
    '/settings': [{ role: 'member', path: '/settings' }],
    '/bank-account': [{ role: 'member', path: '/bank-account' }],
    '/withdrawal': [{ role: 'member', path: '/withdrawal' }],
    '/group-management': [{ role: 'member', path: '/group-management' }],
    '/referral': [{ role: 'member', path: '/referral' }],
    '/dev/mailbox': [{ role: 'operator', path: '/dev/mailbox' }],
    '/business-operations': [{ role: 'operator', path: '/business-operations' }],
    '/admin': [{ role: 'operator', path: '/admin' }],
    '/invitations/:token': [{ role: 'member', path: '/invitations/not-a-token' }],
    '/sandbox/connect': [{ role: 'member', path: '/sandbox/connect' }],
    '/sandbox/identity': [{ role: 'member', path: '/sandbox/identity' }],
  };
  const uncovered = declaredRoutes().filter((route) => !(route in coverage));
  expect(uncovered, 'routes in routes.tsx this test does not open: add them to `coverage`').toEqual([]);
  // The 404 page too, which any mistyped address shows.
  const visits: Visit[] = [...Object.values(coverage).flat(), { role: 'visitor', path: '/no-such-page' }];

  const storage = { visitor: undefined, member, operator };
  const offenders: string[] = [];
  let opened = 0;
  const check = async (page: Page, label: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Charts follow their box's size a frame after it changes (ResizeObserver).
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      for (const problem of await page.evaluate(measure)) offenders.push(`${label} @${width}px: ${problem}`);
    }
  };
  // Four lanes side by side (the visitor, the member's pages in two halves, the operator), each its
  // own context: a language loads the app once (`?lang=`), then its pages open inside it, each
  // measured at both widths.
  const memberPaths = visits.filter((visit) => visit.role === 'member').map((visit) => visit.path);
  const half = Math.ceil(memberPaths.length / 2);
  const lanes: Array<{ role: Role; paths: string[] }> = [
    { role: 'visitor', paths: visits.filter((visit) => visit.role === 'visitor').map((visit) => visit.path) },
    { role: 'member', paths: memberPaths.slice(0, half) },
    { role: 'member', paths: memberPaths.slice(half) },
    {
      role: 'operator',
      paths: visits.filter((visit) => visit.role === 'operator').map((visit) => visit.path),
    },
  ];
  await Promise.all(
    lanes.map(async ({ role, paths }) => {
      const context = await browser.newContext({ baseURL, storageState: storage[role] });
      const page = await context.newPage();
      for (const language of languageCodes) {
        await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1] as number, height: 800 });
        await page.goto(`/?lang=${language}`);
        await settle(page, language);
        for (const path of paths) {
          await navigate(page, path, language);
          opened++;
          await check(page, `${path} [${role}] ${language}`);
          await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1] as number, height: 800 });
        }
      }
      await context.close();
    }),
  );
  console.log(
    `opened ${opened} pages (${visits.length} addresses × ${languageCodes.length} languages), each at ${WIDTHS.join(' and ')} px`,
  );
  expect(offenders.sort(), `${offenders.length} problems`).toEqual([]);
});
