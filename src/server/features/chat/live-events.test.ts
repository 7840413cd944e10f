import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '#server/core/live.ts';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { post, put } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';

/**
 * Chat changes reach open screens on commit: settings through their table's trigger, how far one has
 * read (no trigger) through publishLive. Heard here with LISTEN on PostgreSQL, as the live feature
 * listens; exactly one event each, so a change is not announced twice.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('chat live events on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let listener: pg.Client;
  const heard: unknown[] = [];
  let admin: Person;
  let member: Person;
  let groupId: number;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const { rows } = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    listener = new pg.Client({ connectionString: url.toString() });
    await listener.connect();
    listener.on('notification', (n) => heard.push(JSON.parse(n.payload ?? 'null')));
    await listener.query(`listen ${LIVE_CHANNEL}`);
    const circle = await activeCircle(t, 3);
    [admin, member] = circle.members as [Person, Person];
    groupId = circle.groupId;
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  /** The events that arrive within a short moment after `action` (and none from before it). */
  async function eventsOf(action: () => Promise<unknown>) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    heard.length = 0;
    await action();
    await new Promise((resolve) => setTimeout(resolve, 150));
    return [...heard];
  }
  const settings = (who: Person, membersCanMessage: boolean) =>
    put(
      t.app,
      `/api/groups/${groupId}/communication-settings`,
      { membersCanMessage, adminOnlyAnnouncements: true, autoWarnings: true, requireApproval: false },
      who.auth,
    );

  it('a settings change tells the circle’s open screens; a refused one tells nobody', async () => {
    expect(await eventsOf(() => settings(admin, false))).toEqual([
      { scope: 'group', groupId, topic: 'group' },
    ]);
    expect(await eventsOf(() => settings(member, true))).toEqual([]);
  });

  it('marking read tells the reader’s other screens, only when it moved', async () => {
    await settings(admin, true);
    const sent = await post(t.app, `/api/groups/${groupId}/messages`, { message: 'hello' }, admin.auth);
    const id = sent.json().id as number;
    const read = () =>
      post(t.app, `/api/groups/${groupId}/messages/read`, { lastReadMessageId: id }, member.auth);
    expect(await eventsOf(read)).toEqual([{ scope: 'user', userId: member.id, topic: 'unread' }]);
    expect(await eventsOf(read)).toEqual([]);
  });
});
