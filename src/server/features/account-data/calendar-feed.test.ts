import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { activeCircle, DAY } from '#server/test/circles.ts';
import { del, get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

type Event = { uid: string; summary: string; start: string; isDate: boolean };

function parseFeed(text: string): Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      isDate: event.startDate.isDate,
    };
  });
}

const feedPath = (url: string) => new URL(url).pathname;

describe.each(testEngines)('calendar feed (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t?.close());

  it('holds the next due date on the local day in the circle zone, in the user language', async () => {
    // The circle's first due date is a Seoul calendar day (activeCircle: four days after the clock's day);
    // the feed carries it as an all-day event on that very date, whatever zone the reader is in.
    const circle = await activeCircle(t, 3, { timeZone: 'Asia/Seoul' });
    const [admin, member] = circle.members as [typeof circle.admin, typeof circle.admin];
    const created = await post(t.app, '/api/calendar/feed', undefined, member.auth);
    expect(created.statusCode, created.body).toBe(200);
    const { url, webcalUrl } = created.json();
    expect(webcalUrl).toBe(url.replace(/^http:/, 'webcal:'));
    expect(feedPath(url)).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await get(t.app, feedPath(url));
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    const events = parseFeed(feed.body);
    const dues = events.filter((e) => e.uid.startsWith('due-'));
    expect(dues.length).toBeGreaterThan(0);
    const dueDates = dues.map((e) => e.start).sort();
    const expected = new Date(t.clock.now().getTime() + 4 * DAY).toISOString().slice(0, 10);
    expect(dueDates[0]).toBe(expected);
    expect(dues.every((e) => e.isDate)).toBe(true);
    expect(dues[0]!.summary).toContain('Contribution due');
    // The member receives in some cycle: one payout event, all UIDs distinct.
    expect(events.filter((e) => e.uid.startsWith('payout-'))).toHaveLength(1);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    // Nobody else's events: every UID names this member.
    expect(events.every((e) => e.uid.endsWith(`-u${member.id}@savecircle`))).toBe(true);
    expect(feed.body).not.toContain(`-u${admin.id}@`);

    // The same request again gives the same UIDs (calendar apps replace, not duplicate).
    expect(parseFeed((await get(t.app, feedPath(url))).body).map((e) => e.uid)).toEqual(
      events.map((e) => e.uid),
    );
  });

  it('words the feed in the user language', async () => {
    const circle = await activeCircle(t, 3, { timeZone: 'America/Los_Angeles' });
    const member = circle.members[1]!;
    await t.db.update(users).set({ language: 'ko' }).where(eq(users.id, member.id));
    const created = await post(t.app, '/api/calendar/feed', undefined, member.auth);
    const events = parseFeed((await get(t.app, feedPath(created.json().url))).body);
    expect(events.some((e) => e.summary.startsWith('납입일 – Market street susu'))).toBe(true);
  });

  it('regenerating revokes the old URL; revoking ends it; status never shows the URL', async () => {
    const member = await signUp(t.app);
    expect((await get(t.app, '/api/calendar/feed', member.auth)).json()).toMatchObject({ active: false });
    const first = (await post(t.app, '/api/calendar/feed', undefined, member.auth)).json().url;
    expect((await get(t.app, feedPath(first))).statusCode).toBe(200);
    const second = (await post(t.app, '/api/calendar/feed', undefined, member.auth)).json().url;
    expect(second).not.toBe(first);
    const old = await get(t.app, feedPath(first));
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('NOT_FOUND');
    expect((await get(t.app, feedPath(second))).statusCode).toBe(200);
    const status = await get(t.app, '/api/calendar/feed', member.auth);
    expect(status.json()).toMatchObject({ active: true });
    expect(status.body).not.toContain(feedPath(second).slice(14, 57));

    expect((await del(t.app, '/api/calendar/feed', member.auth)).statusCode).toBe(200);
    expect((await get(t.app, feedPath(second))).statusCode).toBe(404);
    expect((await get(t.app, '/api/calendar/feed', member.auth)).json()).toMatchObject({ active: false });
  });

  it('answers 404 to forged, short and odd tokens alike', async () => {
    for (const token of ['a'.repeat(43), 'short', 'Z'.repeat(44), '%2E%2E', 'a'.repeat(90)]) {
      const reply = await get(t.app, `/api/calendar/${token}.ics`);
      expect([404, 400], token).toContain(reply.statusCode);
      if (reply.statusCode === 404) expect(reply.json().code).toBe('NOT_FOUND');
    }
    expect((await get(t.app, `/api/calendar/${'b'.repeat(43)}.ics`)).statusCode).toBe(404);
  });

  it('needs a session to make, see or revoke a feed', async () => {
    expect((await post(t.app, '/api/calendar/feed')).statusCode).toBe(401);
    expect((await get(t.app, '/api/calendar/feed')).statusCode).toBe(401);
    expect((await del(t.app, '/api/calendar/feed')).statusCode).toBe(401);
  });
});

describe('calendar feed read limit', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      configure: (config) => {
        config.limits.readsPerUserPer10Seconds = 3;
      },
    });
  });
  afterAll(() => t?.close());

  it('limits fetches per address and token, with Retry-After', async () => {
    const member = await signUp(t.app);
    const path = feedPath((await post(t.app, '/api/calendar/feed', undefined, member.auth)).json().url);
    for (let i = 0; i < 3; i++) expect((await get(t.app, path)).statusCode).toBe(200);
    const refused = await get(t.app, path);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another feed (or a guess) from the same address has its own count: calendar services fetch
    // many people's feeds from a few addresses, and guessing 256 bits is hopeless anyway.
    expect((await get(t.app, `/api/calendar/${'c'.repeat(43)}.ics`)).statusCode).toBe(404);
  });
});
