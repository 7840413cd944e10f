import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { databaseFingerprint } from '#server/test/db-fingerprint.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { MESSAGES_PER_MINUTE } from '#shared/chat-limits.ts';

describe.each(testEngines)('the group chat on %s', (engine) => {
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

  const url = () => `/api/groups/${groupId}/messages`;
  const say = (who: Person, message: string, extra: Record<string, unknown> = {}) =>
    post(t.app, url(), { message, ...extra }, who.auth);
  const texts = async (who: Person, query = '') =>
    (await get(t.app, `${url()}${query}`, who.auth))
      .json()
      .filter((m: { messageType: string }) => m.messageType === 'text');
  const settings = (body: Record<string, boolean>) =>
    put(
      t.app,
      `/api/groups/${groupId}/communication-settings`,
      {
        membersCanMessage: true,
        adminOnlyAnnouncements: true,
        autoWarnings: true,
        requireApproval: false,
        ...body,
      },
      admin.auth,
    );

  it('stores a member’s message and lists it newest first with the sender’s name', async () => {
    const first = await say(member, 'Hello everyone');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      groupId,
      userId: member.id,
      message: 'Hello everyone',
      messageType: 'text',
      system: null,
      isPinned: false,
      awaitingApproval: false,
      user: { fullName: member.fullName },
    });
    const second = await say(other, 'Hi!', { userId: other.id, messageType: 'text' });
    expect(second.statusCode, second.body).toBe(201);
    const listed = await texts(admin);
    expect(listed.slice(0, 2).map((m: { message: string }) => m.message)).toEqual(['Hi!', 'Hello everyone']);
  });

  it('pages back with before and limit', async () => {
    const all = await texts(member);
    const page = (await get(t.app, `${url()}?before=${all[0].id}&limit=1`, member.auth)).json();
    expect(page).toHaveLength(1);
    expect(page[0].id).toBeLessThan(all[0].id);
  });

  it('tells an outsider nothing: the circle does not exist for them', async () => {
    const outsider = await signUp(t.app);
    const before = await databaseFingerprint(t.db);
    for (const reply of [
      await get(t.app, url(), outsider.auth),
      await say(outsider, 'Let me in'),
      await get(t.app, `/api/groups/${groupId}/communication-settings`, outsider.auth),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().code).toBe('GROUP_NOT_FOUND');
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('refuses a message in someone else’s name and stores nothing', async () => {
    const before = await databaseFingerprint(t.db);
    const reply = await say(member, 'I am the admin', { userId: admin.id });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('FORBIDDEN');
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it.each([
    ['blank', '', 'messageRequired'],
    ['whitespace only', '   \n\t ', 'messageRequired'],
    ['too long', 'x'.repeat(2001), 'messageMax'],
  ])('refuses a %s message with the spec’s message key', async (_name, message, key) => {
    const before = await databaseFingerprint(t.db);
    const reply = await say(member, message);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().issues.map((i: { key: string }) => i.key)).toContain(key);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it.each<[string, unknown, Record<string, unknown>?]>([
    ['NUL', 'Hello\u0000there'],
    ['a control character', 'Hello\u0007there'],
    ['a number', 42],
    ['an app kind', 'fine', { messageType: 'system' }],
    ['an unknown field', 'fine', { pinned: true }],
  ])('refuses %s', async (_name, message, extra = {}) => {
    const before = await databaseFingerprint(t.db);
    const reply = await post(t.app, url(), { message, ...extra }, member.auth);
    expect(reply.statusCode).toBe(400);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('keeps a message of exactly 2000 characters and line breaks', async () => {
    const reply = await say(member, `${'x'.repeat(1990)}\nline two`.slice(0, 2000));
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it(`allows ${MESSAGES_PER_MINUTE} messages a minute per member, then 429 until the minute has passed`, async () => {
    // The admin sends the burst: the other members' counts stay low for the rest of the suite.
    const sender = admin;
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      expect((await say(sender, `message ${i}`)).statusCode).toBe(201);
    const refused = await say(sender, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('MESSAGE_RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('60');
    // Someone else is not slowed down by it.
    expect((await say(other, 'still here')).statusCode).toBe(201);
    t.clock.advance(61_000);
    expect((await say(sender, 'after a minute')).statusCode).toBe(201);
  });

  it('members-can-message off: a member is refused with the spec’s words, an admin still writes', async () => {
    expect((await settings({ membersCanMessage: false })).statusCode).toBe(200);
    const refused = await say(member, 'Can I talk?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MESSAGING_RESTRICTED',
      message: 'Messaging is currently restricted to administrators only.',
    });
    expect((await say(admin, 'Admins only for now')).statusCode).toBe(201);
    expect((await settings({ membersCanMessage: true })).statusCode).toBe(200);
    expect((await say(member, 'Back again')).statusCode).toBe(201);
  });

  it('requireApproval: a member’s message is seen by its author and the admins until approved', async () => {
    await settings({ requireApproval: true });
    const sent = await say(member, 'Please approve me');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().awaitingApproval).toBe(true);
    const id = sent.json().id;
    const ids = async (who: Person) => (await texts(who)).map((m: { id: number }) => m.id);
    expect(await ids(member)).toContain(id);
    expect(await ids(admin)).toContain(id);
    expect(await ids(other)).not.toContain(id);
    // An admin's own message needs no approval.
    expect((await say(admin, 'Mine goes straight out')).json().awaitingApproval).toBe(false);
    expect((await post(t.app, `${url()}/${id}/approve`, {}, other.auth)).statusCode).toBe(404);
    const approved = await post(t.app, `${url()}/${id}/approve`, {}, admin.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().awaitingApproval).toBe(false);
    expect(await ids(other)).toContain(id);
    const again = await post(t.app, `${url()}/${id}/approve`, {}, admin.auth);
    expect(again.json().code).toBe('MESSAGE_NOT_AWAITING_APPROVAL');
    await settings({ requireApproval: false });
  });

  it('communication settings: members read them, only admins write, all four fields', async () => {
    const read = await get(t.app, `/api/groups/${groupId}/communication-settings`, member.auth);
    expect(read.json()).toEqual({
      membersCanMessage: true,
      adminOnlyAnnouncements: true,
      autoWarnings: true,
      requireApproval: false,
    });
    const body = {
      membersCanMessage: false,
      adminOnlyAnnouncements: true,
      autoWarnings: true,
      requireApproval: false,
    };
    const byMember = await put(t.app, `/api/groups/${groupId}/communication-settings`, body, member.auth);
    expect(byMember.statusCode).toBe(403);
    const partial = await put(
      t.app,
      `/api/groups/${groupId}/communication-settings`,
      { autoWarnings: false },
      admin.auth,
    );
    expect(partial.statusCode).toBe(400);
    const extra = await put(
      t.app,
      `/api/groups/${groupId}/communication-settings`,
      { ...body, x: 1 },
      admin.auth,
    );
    expect(extra.statusCode).toBe(400);
    expect((await get(t.app, `/api/groups/${groupId}/communication-settings`, member.auth)).json()).toEqual(
      read.json(),
    );
  });

  it('unread counts move with new messages, leave out one’s own, and clear when read', async () => {
    const unread = async (who: Person) =>
      (await get(t.app, '/api/chat/unread', who.auth))
        .json()
        .find((u: { groupId: number }) => u.groupId === groupId).unread as number;
    const newest = (await get(t.app, `${url()}?limit=1`, other.auth)).json()[0].id;
    expect((await post(t.app, `${url()}/read`, { lastReadMessageId: newest }, other.auth)).statusCode).toBe(
      200,
    );
    expect(await unread(other)).toBe(0);
    await say(member, 'one');
    await say(member, 'two');
    await say(other, 'my own');
    expect(await unread(other)).toBe(2);
    // A message waiting for approval is not counted for those who cannot see it.
    await settings({ requireApproval: true });
    await say(member, 'hidden');
    expect(await unread(other)).toBe(2);
    expect(await unread(admin)).toBeGreaterThanOrEqual(4);
    await settings({ requireApproval: false });
    const latest = (await get(t.app, `${url()}?limit=1`, other.auth)).json()[0].id;
    await post(t.app, `${url()}/read`, { lastReadMessageId: latest }, other.auth);
    expect(await unread(other)).toBe(0);
    // Never moves back, and never past the newest message.
    await post(t.app, `${url()}/read`, { lastReadMessageId: 1 }, other.auth);
    expect(await unread(other)).toBe(0);
    await post(t.app, `${url()}/read`, { lastReadMessageId: 2_000_000_000 }, other.auth);
    await say(member, 'after a big id');
    expect(await unread(other)).toBe(1);
    // A circle with nothing yet still has its row.
    const lonely = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      { name: 'Quiet club', contributionAmount: '20', memberLimit: 4 },
      lonely.auth,
    );
    expect((await get(t.app, '/api/chat/unread', lonely.auth)).json()).toEqual([
      { groupId: created.json().id, unread: 0 },
    ]);
  });

  it('a frozen circle still chats', async () => {
    expect(
      (await post(t.app, `/api/groups/${groupId}/freeze`, { reason: 'Checking a payment' }, admin.auth))
        .statusCode,
    ).toBe(200);
    expect((await say(member, 'What happened?')).statusCode).toBe(201);
    expect((await post(t.app, `/api/groups/${groupId}/unfreeze`, {}, admin.auth)).statusCode).toBe(200);
  });
});
