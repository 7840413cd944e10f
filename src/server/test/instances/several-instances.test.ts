import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { expectReply, type HttpReply, sendJson } from '../crash/http-client.ts';
import { killAllServers } from '../crash/server-process.ts';
import { arrivesWithin, type EventReader, groupChanged, openEvents } from '../live-events.ts';
import { join, login } from './calls.ts';
import { type DueWorkCircles, prepareDueWorkCircles } from './due-work-circles.ts';
import {
  createCircle,
  freshAddress,
  joinOrFail,
  newSignUp,
  type Person,
  signIn,
  signUp,
  whoAmI,
} from './people.ts';
import { keysMatching, LIMITS, queryRows, startTwoServers, type TwoServers } from './two-servers.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled)
  console.info(
    'several-instances.test.ts skipped: it needs TEST_DATABASE_URL (a PostgreSQL it may create databases on) and Redis at REDIS_URL or 127.0.0.1:6379',
  );

describe.skipIf(!enabled)('two server processes on one PostgreSQL and one Redis', () => {
  let pair: TwoServers;
  let database: Database;
  let nth = 0;
  /** Requests alternate between the instances. */
  const next = () => (nth++ % 2 === 0 ? pair.a : pair.b);

  beforeAll(async () => {
    const began = performance.now();
    pair = await startTwoServers();
    database = await pair.store.open();
    console.info(`two servers healthy in ${Math.round(performance.now() - began)} ms`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await pair?.close();
    await killAllServers();
  }, 60_000);

  it('a session made on one instance works on the other', async () => {
    const person = await signUp(pair.a);
    const onB = await whoAmI(pair.b, person.auth);
    expect(onB.status).toBe(200);
    expect(onB.json.id).toBe(person.id);
    const again = await signIn(pair.b, person);
    expect((await whoAmI(pair.a, again.auth)).json.id).toBe(person.id);
    // Signing in on B replaced nothing but issued a second session: both stay valid everywhere.
    expect((await whoAmI(pair.b, person.auth)).status).toBe(200);
  });

  it('logging out on one instance ends the session on both, though both remembered it', async () => {
    const person = await signUp(pair.b);
    // Both instances now hold the session in their caches (features/auth/session-cache.ts).
    expect((await whoAmI(pair.a, person.auth)).status).toBe(200);
    expect((await whoAmI(pair.b, person.auth)).status).toBe(200);
    const out = await sendJson(pair.a.baseUrl, 'POST', '/api/auth/logout', undefined, person.auth);
    expect(out.status).toBe(200);
    expect((await whoAmI(pair.a, person.auth)).status).toBe(401);
    // B hears of it through PostgreSQL's notification, sent on commit: milliseconds, not the cache's
    // ten seconds. Asked until then (one request rarely arrives before the notification).
    const started = performance.now();
    while ((await whoAmI(pair.b, person.auth)).status !== 401)
      expect(performance.now() - started, 'B still accepts the session').toBeLessThan(250);
  });

  it('counts logins per address across both instances', async () => {
    const address = freshAddress();
    const attempt = (server = next()) =>
      login(server, { username: `nobody-${address}`, password: 'wrong-password-123' }, address);
    for (let i = 0; i < LIMITS.loginPerIpPerMinute; i++) expect((await attempt()).status).toBe(401);
    // Half were counted on each instance; a limit per process would still let these through.
    expect((await attempt(pair.a)).status).toBe(429);
    expect((await attempt(pair.b)).status).toBe(429);
    // The counters live under this run's prefix, not under a name every deployment shares.
    expect(await keysMatching(pair.redis, `${pair.redisPrefix}*`)).not.toEqual([]);
  });

  it('counts sign-ups per address across both instances', async () => {
    const address = freshAddress();
    const register = (server = next()) =>
      sendJson(server.baseUrl, 'POST', '/api/auth/register', newSignUp(), { 'x-forwarded-for': address });
    for (let i = 0; i < LIMITS.registerPerIpPerHour; i++) expect((await register()).status).toBe(201);
    expect((await register(pair.a)).status).toBe(429);
    expect((await register(pair.b)).status).toBe(429);
  });

  it('locks an account after failed logins spread over both instances', async () => {
    const person = await signUp(pair.a);
    // As many wrong passwords as lock an account, alternating, each from its own address.
    for (let i = 0; i < loadConfig({}).limits.loginFailuresPerAccount; i++) {
      const reply = await login(
        next(),
        { username: person.username, password: 'not-the-password-9' },
        freshAddress(),
      );
      expect(reply.status).toBe(401);
    }
    const right = { username: person.username, password: person.password };
    expect((await login(pair.a, right, freshAddress())).status).toBe(429);
    expect((await login(pair.b, right, freshAddress())).status).toBe(429);
  });

  it('a keyed request sent to both instances at once has one effect and one reply', async () => {
    const admin = await signUp(pair.a);
    const members = [await signUp(pair.b), await signUp(pair.a)];
    // Creating a circle is keyed too: the same key on both makes one circle.
    const createBody = {
      name: 'Keyed twice',
      contributionAmount: '25.00',
      memberLimit: 3,
      frequency: 'weekly',
      startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    };
    const createKey = { ...admin.auth, 'idempotency-key': `create-${admin.id}` };
    const created = await Promise.all(
      [pair.a, pair.b].map((s) => sendJson(s.baseUrl, 'POST', '/api/groups', createBody, createKey)),
    );
    expectSameReply(created, 201);
    const circle = { id: created[0]!.json.id as number, inviteCode: created[0]!.json.inviteCode as string };
    const circles = await queryRows<{ id: number }>(
      database.db,
      sql`select id from groups where created_by = ${admin.id}`,
    );
    expect(circles).toEqual([{ id: circle.id }]);
    for (const m of members) await joinOrFail(next(), circle, m);

    // The admin records each member's cash once, each key sent to A and B at the same moment.
    const everyone = [admin, ...members];
    const replies = await Promise.all(
      everyone.map((m) => {
        const headers = { ...admin.auth, 'idempotency-key': `cash-${circle.id}-${m.id}` };
        return Promise.all(
          [pair.a, pair.b].map((s) =>
            sendJson(
              s.baseUrl,
              'POST',
              `/api/groups/${circle.id}/contributions/record`,
              { userId: m.id },
              headers,
            ),
          ),
        );
      }),
    );
    for (const pairOfReplies of replies) expectSameReply(pairOfReplies, 200);
    const transfers = await queryRows<{ user_id: number; count: number }>(
      database.db,
      sql`select user_id, count(*)::int as count from ledger_transfers
          where group_id = ${circle.id} and kind = 'contribution' group by user_id order by user_id`,
    );
    expect(transfers).toEqual(
      everyone.map((m) => ({ user_id: m.id, count: 1 })).sort((x, y) => x.user_id - y.user_id),
    );
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('live updates cross instances: a chat message and a change through B reach streams on A within a second; a removed member stops hearing', async () => {
    const [admin, member, leaving] = [await signUp(pair.a), await signUp(pair.b), await signUp(pair.a)];
    const circle = await createCircle(pair.a, admin, { memberLimit: 3 });
    await joinOrFail(pair.b, circle, member);
    await joinOrFail(pair.a, circle, leaving);
    const streams: EventReader[] = [];
    try {
      for (const person of [admin, member, leaving])
        streams.push(await openEvents(pair.a.baseUrl, person.auth));
      const [adminStream, memberStream, leavingStream] = streams as [EventReader, EventReader, EventReader];
      const record = (userId: number) =>
        expectReply(
          200,
          pair.b.baseUrl,
          'POST',
          `/api/groups/${circle.id}/contributions/record`,
          { userId, method: 'cash' },
          admin.auth,
        );

      // The streams opened after the joins, so the first chat event any of them hears is this send.
      const chatChanged = (e: LiveEvent) =>
        e.scope === 'group' && e.groupId === circle.id && e.topic === 'messages';
      const chatTook = await arrivesWithin(streams, chatChanged, () =>
        expectReply(
          201,
          pair.b.baseUrl,
          'POST',
          `/api/groups/${circle.id}/messages`,
          { message: 'Dues are in' },
          member.auth,
        ),
      );
      console.info(`a chat message sent through B reached three streams on A in ${Math.round(chatTook)} ms`);
      const onA = await expectReply(
        200,
        pair.a.baseUrl,
        'GET',
        `/api/groups/${circle.id}/messages`,
        undefined,
        admin.auth,
      );
      expect(onA.json[0]?.message).toBe('Dues are in');

      const took = await arrivesWithin(streams, groupChanged(circle.id), () => record(member.id));
      console.info(`live event from B reached three streams on A in ${Math.round(took)} ms`);
      await memberStream.waitFor(
        (e) => e.scope === 'user' && e.userId === member.id && e.topic === 'notifications',
      );

      // No removal route yet: the membership goes by SQL, and its trigger tells every instance.
      await database.db.execute(
        sql`delete from group_members where group_id = ${circle.id} and user_id = ${leaving.id}`,
      );
      await leavingStream.ended;
      const heardBefore = leavingStream.events().length;
      await arrivesWithin([adminStream, memberStream], groupChanged(circle.id), () => record(admin.id));
      expect(leavingStream.events().length).toBe(heardBefore);
      // Reconnecting, they hear nothing more of the circle.
      const again = await openEvents(pair.a.baseUrl, leaving.auth);
      streams.push(again);
      await arrivesWithin(
        [memberStream],
        (e) => e.scope === 'user' && e.userId === member.id,
        () => sendJson(pair.b.baseUrl, 'POST', '/api/notifications/read-all', undefined, member.auth),
      );
      expect(again.events().filter((e) => e.scope === 'group')).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('many people racing for the last seat through both instances: exactly one gets it', async () => {
    const contenders: Person[] = [];
    for (let i = 0; i < 8; i++) contenders.push(await signUp(next()));
    for (let round = 0; round < 3; round++) {
      const admin = await signUp(next());
      const circle = await createCircle(next(), admin, { memberLimit: 3 });
      await joinOrFail(next(), circle, await signUp(next()));
      const replies = await Promise.all(
        contenders.map((c, i) => join(i % 2 === 0 ? pair.a : pair.b, circle, c.auth)),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses, replies.map((r) => r.text).join('\n')).toEqual([200, ...Array(7).fill(409)]);
      expect(replies.filter((r) => r.status === 409).every((r) => r.json.code === 'GROUP_FULL')).toBe(true);
      const [seats] = await queryRows<{ members: number; current: number; status: string }>(
        database.db,
        sql`select (select count(*)::int from group_members where group_id = g.id) as members,
                   g.current_members as current, g.status from groups g where g.id = ${circle.id}`,
      );
      expect(seats).toEqual({ members: 3, current: 3, status: 'active' });
    }
  });

  describe('due work', () => {
    let circles: DueWorkCircles;
    beforeAll(async () => {
      circles = await prepareDueWorkCircles(pair, database.db);
    }, 120_000);

    it('runs once per item with both instances alive, and once after one is killed mid-way', async () => {
      await circles.bothAlive();
      await circles.killOneMidway();
      expect(await circles.problems()).toEqual([]);
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
    }, 180_000);
  });
});

/** Both replies to one keyed request: the status expected, and the same body. */
function expectSameReply(replies: HttpReply[], status: number) {
  expect(replies.map((r) => r.status)).toEqual([status, status]);
  expect(replies[1]!.text).toBe(replies[0]!.text);
}
