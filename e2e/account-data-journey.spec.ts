import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { apiPerson, ok } from './support/api-people.ts';

type FeedEvent = { uid: string; summary: string; start: string };

function parseFeed(text: string): FeedEvent[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString() };
  });
}

/**
 * Issue 13: subscribe to the calendar URL and find the next due date on the circle's local day; download
 * my data and find my contributions in it. The API half runs now; the /settings half (below) runs once
 * the lead mounts CalendarSection and MyDataSection there.
 */
test('a member subscribes to the calendar feed and downloads their data', async ({
  browser,
  playwright,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');

  // A circle in Seoul whose first contribution falls due on a date we know.
  const created = await ok(
    ana.request.post('/api/groups', {
      data: {
        name: 'Seoul Susu',
        contributionAmount: '100.00',
        memberLimit: 3,
        frequency: 'monthly',
        contributionDay: 20,
        startDate: '2031-01-20',
        timeZone: 'Asia/Seoul',
      },
    }),
  );
  for (const m of [kofi, mei])
    await ok(m.request.post(`/api/groups/${created.id}/join`, { data: { inviteCode: created.inviteCode } }));
  await ok(
    ana.request.post(`/api/groups/${created.id}/contributions/record`, {
      data: { userId: kofi.id, method: 'cash' },
    }),
  );

  // Kofi's feed, fetched as a calendar app would: no cookie, the token in the URL.
  const { url } = await ok(kofi.request.post('/api/calendar/feed'));
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = parseFeed(await feed.text());
  const dues = events
    .filter((e) => e.uid.startsWith('due-'))
    .map((e) => e.start)
    .sort();
  // Cycle 1 is paid; the next due date is cycle 2's, on 20 February in Seoul.
  expect(dues[0]).toBe('2031-02-20');
  expect(events.find((e) => e.uid.startsWith('due-'))?.summary).toBe('Contribution due – Seoul Susu');
  await calendarApp.dispose();

  const data = await ok(kofi.request.get('/api/account/export'));
  expect(data.contributions).toEqual([
    expect.objectContaining({ groupId: created.id, cycle: 1, status: 'paid' }),
  ]);
  const csv = await kofi.request.get('/api/account/export.csv');
  expect(await csv.text()).toContain(',Seoul Susu,contribution,1,-100.00,paid,');
});

test('the /settings sections: calendar link and data download', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  const kofi = await apiPerson(browser, String(testInfo.project.use.baseURL), 'Kofi Boateng');
  await kofi.page.goto('/settings');
  await kofi.page.getByRole('button', { name: 'Create my calendar link' }).click();
  const url = await kofi.page.getByLabel(/Calendar link/).inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(kofi.page.getByRole('link', { name: 'Subscribe in my calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  const download = kofi.page.waitForEvent('download');
  await kofi.page.getByRole('link', { name: 'Download all my data (JSON)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^savecircle-data-\d{4}-\d{2}-\d{2}\.json$/);
});
