import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/groups-schema.ts';
import { activeCircle, everyonePaysCash } from '#server/test/circles.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/**
 * Finding 5 of issue 10: marking someone else's notification read answered 200, like one's own.
 * It answers exactly as a notification that does not exist (404), and changes nothing.
 */
describe.each(testEngines)('marking a notification read, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('marks one’s own, again without harm; someone else’s is answered as one that does not exist', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    // Recording the cash tells each member their contribution was confirmed.
    await everyonePaysCash(t, admin, groupId, members);
    const member = members[1]!;
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    const stranger = await signUp(t.app);

    const missing = await post(t.app, '/api/notifications/2147483647/read', undefined, stranger.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOTIFICATION_NOT_FOUND');
    for (const other of [stranger, admin]) {
      const reply = await post(t.app, `/api/notifications/${theirs!.id}/read`, undefined, other.auth);
      expect(reply.statusCode).toBe(missing.statusCode);
      expect(reply.body).toBe(missing.body);
    }
    const [untouched] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(untouched!.readAt).toBeNull();

    const read = await post(t.app, `/api/notifications/${theirs!.id}/read`, undefined, member.auth);
    expect(read.statusCode, read.body).toBe(200);
    const [marked] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(marked!.readAt).not.toBeNull();
    t.clock.advance(60_000);
    expect(
      (await post(t.app, `/api/notifications/${theirs!.id}/read`, undefined, member.auth)).statusCode,
    ).toBe(200);
    const [again] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(again!.readAt).toEqual(marked!.readAt);
    const list = (await get(t.app, '/api/notifications', member.auth)).json();
    expect(list.notifications.find((n: { id: number }) => n.id === theirs!.id).read).toBe(true);
  });
});

describe.each(testEngines)('the bell: GET /api/notifications on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('lists one’s own 30 latest, newest first, and counts all of one’s unread', async () => {
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    const rows = (userId: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        userId,
        type: 'contribution_confirmed' as const,
        data: { n: i },
        readAt: i < 2 ? new Date() : null,
      }));
    const mine = await t.db.insert(notifications).values(rows(me.id, 32)).returning({ id: notifications.id });
    await t.db.insert(notifications).values(rows(other.id, 5));

    const list = (await get(t.app, '/api/notifications', me.auth)).json();
    const newestFirst = mine.map((n) => n.id).sort((a, b) => b - a);
    expect(list.notifications.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(0, 30));
    expect(list.unreadCount).toBe(30);
    expect(list.notifications[0]).toMatchObject({
      type: 'contribution_confirmed',
      data: { n: 31 },
      read: false,
    });
    expect(list.notifications.at(-1)).toMatchObject({ data: { n: 2 }, read: false });
    expect((await get(t.app, '/api/notifications', other.auth)).json().unreadCount).toBe(3);
  });
});
