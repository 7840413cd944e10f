import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema.ts';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { databaseFingerprint } from '#server/test/db-fingerprint.ts';
import { del, get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('moderating the chat on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Person;
  let member: Person;
  let other: Person;
  let groupId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const circle = await activeCircle(t, 3);
    [admin, member, other] = circle.members as [Person, Person, Person];
    groupId = circle.groupId;
  });
  afterAll(() => t.close());

  const url = (path = '') => `/api/groups/${groupId}/messages${path}`;
  const say = async (who: Person, message: string) => {
    const reply = await post(t.app, url(), { message }, who.auth);
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().id as number;
  };
  const visibleIds = async (who: Person, query = '') =>
    (await get(t.app, url(query), who.auth)).json().map((m: { id: number }) => m.id) as number[];
  /** The newest of the app's own messages (the members' joins). */
  const systemMessageId = async () =>
    (await get(t.app, url(), admin.auth)).json().find((m: { userId: number | null }) => m.userId === null)
      .id as number;

  it('pins and unpins: admins only, newest pinned first', async () => {
    const a = await say(member, 'Meeting at 5');
    const b = await say(other, 'Bring receipts');
    const byMember = await post(t.app, url(`/${a}/pin`), {}, member.auth);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('NOT_GROUP_ADMIN');
    expect((await post(t.app, url(`/${a}/pin`), {}, admin.auth)).json().isPinned).toBe(true);
    t.clock.advance(1000);
    expect((await post(t.app, url(`/${b}/pin`), {}, admin.auth)).statusCode).toBe(200);
    // Pinning again changes nothing.
    expect((await post(t.app, url(`/${a}/pin`), {}, admin.auth)).statusCode).toBe(200);
    expect(await visibleIds(member, '?pinned=true')).toEqual([b, a]);
    expect((await post(t.app, url(`/${b}/unpin`), {}, member.auth)).statusCode).toBe(403);
    const unpinned = await post(t.app, url(`/${b}/unpin`), {}, admin.auth);
    expect(unpinned.json().isPinned).toBe(false);
    expect(await visibleIds(member, '?pinned=true')).toEqual([a]);
  });

  it('deletes: the author their own, an admin any, others 403; the app’s own only admins', async () => {
    const mine = await say(member, 'oops');
    const theirs = await say(other, 'not yours');
    const before = await databaseFingerprint(t.db);
    const refused = await del(t.app, url(`/${theirs}`), member.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_MESSAGE_AUTHOR');
    const system = await systemMessageId();
    expect((await del(t.app, url(`/${system}`), member.auth)).statusCode).toBe(403);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await del(t.app, url(`/${mine}`), member.auth)).statusCode).toBe(200);
    expect((await del(t.app, url(`/${theirs}`), admin.auth)).statusCode).toBe(200);
    expect((await del(t.app, url(`/${system}`), admin.auth)).statusCode).toBe(200);
    // An admin removing others' words is on the record; an author removing their own is not.
    const removed = await t.db.select().from(auditLog).where(eq(auditLog.action, 'message_removed'));
    expect(removed.map((r) => [r.actorUserId, r.subject])).toEqual([
      [admin.id, String(theirs)],
      [admin.id, String(system)],
    ]);
    for (const id of [mine, theirs, system]) {
      expect(await visibleIds(admin)).not.toContain(id);
      // A deleted message names nothing any more.
      expect((await del(t.app, url(`/${id}`), admin.auth)).json().code).toBe('MESSAGE_NOT_FOUND');
    }
  });

  it('a message id of another circle names nothing', async () => {
    const elsewhere = await activeCircle(t, 3);
    const [, stranger] = elsewhere.members as [Person, Person, Person];
    const foreign = (
      await post(t.app, `/api/groups/${elsewhere.groupId}/messages`, { message: 'hi' }, stranger.auth)
    ).json().id;
    for (const reply of [
      await del(t.app, url(`/${foreign}`), admin.auth),
      await post(t.app, url(`/${foreign}/pin`), {}, admin.auth),
      await post(t.app, url(`/${foreign}/report`), { reason: 'spam' }, member.auth),
    ])
      expect(reply.json().code).toBe('MESSAGE_NOT_FOUND');
  });

  it('reports: once per member, not one’s own nor the app’s; the admins are notified', async () => {
    const rude = await say(other, 'Pay me or else');
    const before = await databaseFingerprint(t.db);
    const own = await post(t.app, url(`/${rude}/report`), { reason: 'testing' }, other.auth);
    expect(own.json().code).toBe('MESSAGE_NOT_REPORTABLE');
    const system = await systemMessageId();
    const app = await post(t.app, url(`/${system}/report`), { reason: 'x' }, member.auth);
    expect(app.json().code).toBe('MESSAGE_NOT_REPORTABLE');
    for (const reason of ['', '   ', 'x'.repeat(501), 'bad\u0000byte']) {
      const bad = await post(t.app, url(`/${rude}/report`), { reason }, member.auth);
      expect(bad.statusCode).toBe(400);
    }
    const blank = await post(t.app, url(`/${rude}/report`), { reason: ' ' }, member.auth);
    expect(blank.json().issues[0].key).toBe('reasonRequired');
    expect(await databaseFingerprint(t.db)).toEqual(before);
    const reported = await post(
      t.app,
      url(`/${rude}/report`),
      { reason: 'Threatening a member' },
      member.auth,
    );
    expect(reported.statusCode, reported.body).toBe(200);
    const again = await post(t.app, url(`/${rude}/report`), { reason: 'Still threatening' }, member.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MESSAGE_ALREADY_REPORTED');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'message_reported'), eq(notifications.groupId, groupId)));
    expect(told.map((n) => n.userId)).toEqual([admin.id]);
    expect(told[0]!.data).toMatchObject({ reporterName: member.fullName, messageId: rude });
  });

  it('an outsider learns nothing from a message id', async () => {
    const id = await say(member, 'for members');
    const outsider = await signUp(t.app);
    for (const reply of [
      await del(t.app, url(`/${id}`), outsider.auth),
      await post(t.app, url(`/${id}/pin`), {}, outsider.auth),
      await post(t.app, url(`/${id}/report`), { reason: 'x' }, outsider.auth),
    ])
      expect(reply.json().code).toBe('GROUP_NOT_FOUND');
  });
});
