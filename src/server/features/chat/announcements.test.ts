import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema.ts';
import { activeCircle, DAY, everyonePaysCash, type Person } from '#server/test/circles.ts';
import { databaseFingerprint } from '#server/test/db-fingerprint.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('announcements on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Person;
  let onTime: Person;
  let late: Person;
  let groupId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
    const circle = await activeCircle(t, 3);
    [admin, onTime, late] = circle.members as [Person, Person, Person];
    groupId = circle.groupId;
    // Cycle 1: the admin and one member pay; past due date + grace, the third is overdue.
    await everyonePaysCash(t, admin, groupId, [admin, onTime]);
    t.clock.advance(9 * DAY);
  });
  afterAll(() => t.close());

  const url = () => `/api/groups/${groupId}/announcements`;
  const announce = (who: Person, body: Record<string, unknown>) =>
    post(t.app, url(), { title: 'Meeting', content: 'Sunday at 4 pm', ...body }, who.auth);
  const titles = async (who: Person) =>
    (await get(t.app, url(), who.auth)).json().map((a: { title: string }) => a.title) as string[];

  it('a late announcement reaches exactly the members with an overdue contribution, active the others', async () => {
    const toLate = await announce(admin, { title: 'Please pay', audience: 'late', priority: 'normal' });
    expect(toLate.statusCode, toLate.body).toBe(201);
    expect(toLate.json()).toMatchObject({
      groupId,
      createdBy: admin.id,
      title: 'Please pay',
      content: 'Sunday at 4 pm',
      priority: 'normal',
      audience: 'late',
      createdByUser: { fullName: admin.fullName },
    });
    expect((await announce(admin, { title: 'Thank you', audience: 'active' })).statusCode).toBe(201);
    expect((await announce(admin, { title: 'Hello all' })).json()).toMatchObject({
      audience: 'all',
      priority: 'normal',
    });
    expect(await titles(late)).toEqual(['Hello all', 'Please pay']);
    expect(await titles(onTime)).toEqual(['Hello all', 'Thank you']);
    // Admins see every announcement, newest first.
    expect(await titles(admin)).toEqual(['Hello all', 'Thank you', 'Please pay']);
  });

  it('high and urgent announcements notify their recipients (not the author); normal and low do not', async () => {
    const count = async (who: Person) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, who.id), eq(notifications.type, 'announcement_posted')))
      ).length;
    await announce(admin, { title: 'Low', priority: 'low' });
    expect([await count(late), await count(onTime)]).toEqual([0, 0]);
    await announce(admin, { title: 'Urgent for late', priority: 'urgent', audience: 'late' });
    await announce(admin, { title: 'High for all', priority: 'high' });
    expect([await count(late), await count(onTime), await count(admin)]).toEqual([2, 1, 0]);
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, onTime.id), eq(notifications.type, 'announcement_posted')));
    expect(n!.data).toMatchObject({ title: 'High for all', priority: 'high' });
    expect(n!.groupId).toBe(groupId);
  });

  it('members may not post while announcements are admins’ only; then to everyone only', async () => {
    const before = await databaseFingerprint(t.db);
    const refused = await announce(onTime, { title: 'Me too' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ANNOUNCEMENTS_ADMIN_ONLY');
    expect(await databaseFingerprint(t.db)).toEqual(before);
    const open = {
      membersCanMessage: true,
      adminOnlyAnnouncements: false,
      autoWarnings: true,
      requireApproval: false,
    };
    expect(
      (await put(t.app, `/api/groups/${groupId}/communication-settings`, open, admin.auth)).statusCode,
    ).toBe(200);
    const targeted = await announce(onTime, { title: 'Late ones', audience: 'late' });
    expect(targeted.statusCode).toBe(403);
    expect(targeted.json().code).toBe('ANNOUNCEMENT_AUDIENCE_ADMIN_ONLY');
    const posted = await announce(onTime, { title: 'Potluck' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await titles(late)).toContain('Potluck');
    await put(
      t.app,
      `/api/groups/${groupId}/communication-settings`,
      { ...open, adminOnlyAnnouncements: true },
      admin.auth,
    );
  });

  it('refuses an announcement in someone else’s name, and bad input with the spec’s keys; nothing stored', async () => {
    const before = await databaseFingerprint(t.db);
    const forged = await announce(onTime, { createdBy: admin.id });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('FORBIDDEN');
    for (const [body, key] of [
      [{ title: '' }, 'titleRequired'],
      [{ title: '  ' }, 'titleRequired'],
      [{ title: 'x'.repeat(101) }, 'titleMax'],
      [{ content: '' }, 'contentRequired'],
      [{ content: 'x'.repeat(501) }, 'contentMax'],
    ] as const) {
      const reply = await announce(admin, body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().issues.map((i: { key: string }) => i.key)).toContain(key);
    }
    for (const body of [
      { title: 'a\u0000b' },
      { content: 'a\u0001b' },
      { title: 7 },
      { priority: 'critical' },
      { audience: 'vip' },
      { pinned: true },
    ]) {
      const reply = await announce(admin, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('an outsider sees and posts nothing', async () => {
    const outsider = await signUp(t.app);
    expect((await get(t.app, url(), outsider.auth)).json().code).toBe('GROUP_NOT_FOUND');
    expect((await announce(outsider, {})).json().code).toBe('GROUP_NOT_FOUND');
  });
});
