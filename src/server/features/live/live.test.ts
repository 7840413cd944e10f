import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishLive } from '#server/core/live.ts';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { post, signUp } from '#server/test/http-helpers.ts';
import { type EventReader, groupChanged, openEvents } from '#server/test/live-events.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { hashToken, sessionIsLive } from '../auth/sessions.ts';
import { LiveHub } from './hub.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reply's head and first chunk, then the connection is dropped (node:http: nothing pooled stays open). */
function firstChunk(url: string, headers: Record<string, string>) {
  return new Promise<[http.IncomingMessage, string]>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { ...headers, 'accept-encoding': 'br, gzip' }, agent: false },
      (response) => {
        response.setEncoding('utf8');
        response.once('data', (chunk: string) => {
          response.destroy();
          resolve([response, chunk]);
        });
      },
    );
    request.on('error', reject);
  });
}

describe.each(testEngines)('live updates over SSE (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let baseUrl: string;
  let admin: Person;
  let member: Person;
  let groupId: number;
  let outsider: Person;
  let otherGroupId: number;
  const readers: EventReader[] = [];
  const open = async (person: Person) => {
    const reader = await openEvents(baseUrl, person.auth);
    readers.push(reader);
    return reader;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const circle = await activeCircle(t, 3);
    ({ admin, groupId } = circle);
    member = circle.members[1]!;
    const other = await activeCircle(t, 3);
    outsider = other.admin;
    otherGroupId = other.groupId;
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
  });

  it('answers an event stream that starts with the retry interval, and refuses anonymous callers', async () => {
    const [opened, first] = await firstChunk(`${baseUrl}/api/events`, member.auth);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers['content-encoding']).toBeUndefined();
    expect(first).toMatch(/^retry: 3000\n/);
    const [refused] = await firstChunk(`${baseUrl}/api/events`, {});
    expect(refused.statusCode).toBe(401);
  });

  it("a recorded contribution reaches the group's members and the member's bell, and nobody else", async () => {
    const [memberStream, adminStream, outsiderStream] = await Promise.all([
      open(member),
      open(admin),
      open(outsider),
    ]);
    const started = Date.now();
    const recorded = await post(
      t.app,
      `/api/groups/${groupId}/contributions/record`,
      { userId: member.id, method: 'cash' },
      admin.auth,
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    await memberStream.waitFor(groupChanged(groupId));
    await adminStream.waitFor(groupChanged(groupId));
    await memberStream.waitFor(
      (e) => e.scope === 'user' && e.userId === member.id && e.topic === 'notifications',
    );
    expect(Date.now() - started).toBeLessThan(1000);

    // The outsider's own circle still reaches them: their stream works, it just heard nothing of ours.
    await publishLive(t.db, { scope: 'group', groupId: otherGroupId, topic: 'group' });
    await outsiderStream.waitFor(groupChanged(otherGroupId));
    expect(outsiderStream.events().filter((e) => e.scope === 'group' && e.groupId === groupId)).toEqual([]);
    expect(outsiderStream.events().filter((e) => e.scope === 'user' && e.userId !== outsider.id)).toEqual([]);
    expect(adminStream.events().filter((e) => e.scope === 'user' && e.userId !== admin.id)).toEqual([]);
  });

  it('a browser that goes away is forgotten at once', async () => {
    const removed = vi.spyOn(LiveHub.prototype, 'remove');
    try {
      const stream = await open(member);
      const before = removed.mock.calls.length;
      stream.close();
      for (let waited = 0; removed.mock.calls.length === before; waited += 20) {
        if (waited > 2000) throw new Error('the stream was not dropped within 2 s');
        await pause(20);
      }
    } finally {
      removed.mockRestore();
    }
  });

  it('the heartbeat check sees a session end at logout, without keeping it alive itself', async () => {
    const person = await signUp(t.app);
    const token = person.auth.authorization;
    const { config } = t.ctx;
    const lastSeen = async () => {
      const result = await t.db.execute(
        sql`select last_seen_at::text as at from sessions where token_hash = ${hashToken(token)}`,
      );
      return (result as unknown as { rows: { at: string }[] }).rows[0]?.at;
    };
    const before = await lastSeen();
    t.clock.advance(10 * 60_000);
    expect(await sessionIsLive(t.db, token, t.clock.now(), config.session)).toBe(true);
    expect(await lastSeen()).toBe(before);
    expect((await post(t.app, '/api/auth/logout', undefined, person.auth)).statusCode).toBe(200);
    expect(await sessionIsLive(t.db, token, t.clock.now(), config.session)).toBe(false);
  });

  it('a rolled-back change is never announced', async () => {
    const stream = await open(member);
    await t.db
      .transaction(async (tx) => {
        await publishLive(tx, { scope: 'group', groupId, topic: 'messages' });
        throw new Error('roll back');
      })
      .catch(() => {});
    await publishLive(t.db, { scope: 'group', groupId, topic: 'announcements' });
    await stream.waitFor((e) => e.scope === 'group' && e.topic === 'announcements');
    expect(stream.events().filter((e) => e.scope === 'group' && e.topic === 'messages')).toEqual([]);
  });

  it('a member removed from the group has their stream closed and hears nothing more of it', async () => {
    const circle = await activeCircle(t, 3);
    const leaving = circle.members[2]!;
    const stream = await open(leaving);
    const staying = await open(circle.admin);
    await t.db.execute(
      sql`delete from group_members where group_id = ${circle.groupId} and user_id = ${leaving.id}`,
    );
    await stream.ended;
    expect(stream.events().filter((e) => e.scope === 'group')).toEqual([]);
    await staying.waitFor(groupChanged(circle.groupId));
  });

  it('a member who joins a circle starts hearing of it on the stream already open', async () => {
    const newcomer = await signUp(t.app);
    const stream = await open(newcomer);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Evening circle',
        contributionAmount: '50.00',
        memberLimit: 4,
        frequency: 'monthly',
        contributionDay: 1,
        startDate: '2031-01-01',
      },
      newcomer.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    await stream.waitFor((e) => e.scope === 'user' && e.topic === 'groups');
    await pause(50);
    await publishLive(t.db, { scope: 'group', groupId: created.json().id, topic: 'messages' });
    await stream.waitFor(
      (e) => e.scope === 'group' && e.groupId === created.json().id && e.topic === 'messages',
    );
    expect(stream.isEnded()).toBe(false);
  });

  it.runIf(engine === 'postgres')(
    'when the database connection of LISTEN drops, it comes back and tells every stream to refetch',
    async () => {
      const stream = await open(member);
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      for (let waited = 0; !stream.frames.some((f) => f.event === 'resync'); waited += 50) {
        if (waited > 5000) throw new Error('no resync within 5 s');
        await pause(50);
      }
      await publishLive(t.db, { scope: 'group', groupId, topic: 'messages' });
      await stream.waitFor((e) => e.scope === 'group' && e.topic === 'messages');
    },
  );

  it('closing the app ends every open stream at once (graceful shutdown does not wait on them)', async () => {
    const stream = await open(outsider);
    const started = Date.now();
    await t.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
