import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordProductEvent } from '#server/core/product-events.ts';
import { productEvents, users } from '#server/db/schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { activeCircle, DAY, everyonePaysCash } from '#server/test/circles.ts';
import { get, newMember, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import type { ProductEventName } from '#shared/schemas/product-events.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** The events of one name, optionally of one person, oldest first. */
async function eventsOf(t: App, name: ProductEventName, userId?: number) {
  return t.db
    .select()
    .from(productEvents)
    .where(
      and(eq(productEvents.name, name), userId === undefined ? undefined : eq(productEvents.userId, userId)),
    )
    .orderBy(productEvents.id);
}

const countOf = async (t: App, name: ProductEventName) => (await eventsOf(t, name)).length;

function groupBody(t: App, overrides: Record<string, unknown> = {}) {
  const start = new Date(t.clock.now().getTime() + 4 * DAY);
  return {
    name: 'Harbor susu',
    contributionAmount: '50.00',
    memberLimit: 3,
    frequency: 'monthly',
    contributionDay: start.getUTCDate(),
    startDate: start.toISOString().slice(0, 10),
    gracePeriodDays: 3,
    ...overrides,
  };
}

async function operator(t: App) {
  const person = await signUp(t.app);
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, person.id));
  return person;
}

describe.each(testEngines)('product events on %s', (engine) => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('records one sign-up and one login per success, and nothing for a refused one', async () => {
    const member = newMember();
    const registered = await post(t.app, '/api/auth/register', member);
    expect(registered.statusCode, registered.body).toBe(201);
    const userId = registered.json().user.id as number;
    const signUps = await eventsOf(t, 'sign_up', userId);
    expect(signUps).toHaveLength(1);
    expect(signUps[0]).toMatchObject({ userId, groupId: null, occurredAt: t.clock.now() });

    const before = await countOf(t, 'sign_up');
    const taken = await post(t.app, '/api/auth/register', { ...newMember(), username: member.username });
    expect(taken.statusCode).toBe(409);
    expect(await countOf(t, 'sign_up')).toBe(before);

    const wrong = await post(t.app, '/api/auth/login', {
      username: member.username,
      password: 'not-it-1234',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await eventsOf(t, 'login', userId)).toHaveLength(0);
    const login = await post(t.app, '/api/auth/login', {
      username: member.username,
      password: member.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await eventsOf(t, 'login', userId)).toHaveLength(1);
  });

  it('records one create_group and one join_group with the circle, none on a refusal or a replay', async () => {
    const admin = await signUp(t.app);
    const headers = { ...admin.auth, 'idempotency-key': `create-${engine}` };
    const created = await post(t.app, '/api/groups', groupBody(t), headers);
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    const replayed = await post(t.app, '/api/groups', groupBody(t), headers);
    expect(replayed.statusCode).toBe(201);
    const past = await post(t.app, '/api/groups', groupBody(t, { startDate: '2020-01-01' }), admin.auth);
    expect(past.statusCode).toBe(400);
    expect(await eventsOf(t, 'create_group', admin.id)).toMatchObject([{ groupId: group.id }]);

    const joiner = await signUp(t.app);
    const wrongCode = await post(
      t.app,
      `/api/groups/${group.id}/join`,
      { inviteCode: 'ZZZZ2345' },
      joiner.auth,
    );
    expect(wrongCode.statusCode).toBe(404);
    const joinHeaders = { ...joiner.auth, 'idempotency-key': `join-${engine}` };
    const body = { inviteCode: group.inviteCode };
    const joined = await post(t.app, `/api/groups/${group.id}/join`, body, joinHeaders);
    expect(joined.statusCode, joined.body).toBe(200);
    const again = await post(t.app, `/api/groups/${group.id}/join`, body, joinHeaders);
    expect(again.statusCode).toBe(200);
    const twice = await post(t.app, `/api/groups/${group.id}/join`, body, joiner.auth);
    expect(twice.statusCode).toBe(409);
    expect(await eventsOf(t, 'join_group', joiner.id)).toMatchObject([{ groupId: group.id }]);
  });

  it('records one contribution per paid contribution, none for a replay or a refusal', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const [, ben, cy] = members;
    const key = { ...admin.auth, 'idempotency-key': `cash-${engine}` };
    const url = `/api/groups/${groupId}/contributions/record`;
    const paid = await post(t.app, url, { userId: ben!.id, method: 'cash' }, key);
    expect(paid.statusCode, paid.body).toBe(200);
    const replay = await post(t.app, url, { userId: ben!.id, method: 'cash' }, key);
    expect(replay.statusCode).toBe(200);
    const stranger = await signUp(t.app);
    const refused = await post(t.app, url, { userId: stranger.id, method: 'cash' }, admin.auth);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await eventsOf(t, 'contribution', ben!.id)).toMatchObject([{ groupId }]);
    expect(await eventsOf(t, 'contribution', cy!.id)).toHaveLength(0);
    expect(await eventsOf(t, 'contribution', stranger.id)).toHaveLength(0);
  });

  it('writes an event with its transaction: a rolled-back action leaves none', async () => {
    const before = await countOf(t, 'view_pricing');
    await expect(
      t.db.transaction(async (tx) => {
        await recordProductEvent(tx, { name: 'view_pricing', at: t.clock.now() });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await countOf(t, 'view_pricing')).toBe(before);
  });

  it('records a newsletter sign-up once per address and names no one', async () => {
    const before = await countOf(t, 'newsletter_signup');
    const email = `letters-${engine}-${process.pid}@example.org`;
    for (const address of [email, email.toUpperCase()]) {
      const reply = await post(t.app, '/api/newsletter-signup', { email: address });
      expect(reply.statusCode).toBe(200);
    }
    const events = await eventsOf(t, 'newsletter_signup');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ userId: null, groupId: null });
  });

  it("takes the browser's three events, signed in or not, with the user from the session only", async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    const signedIn = await post(t.app, '/api/events', { name: 'referral_share' }, person.auth);
    expect(signedIn.statusCode, signedIn.body).toBe(204);
    expect(signedIn.body).toBe('');
    expect(await eventsOf(t, 'referral_share', person.id)).toHaveLength(1);

    const anonymous = await post(t.app, '/api/events', { name: 'view_pricing' });
    expect(anonymous.statusCode).toBe(204);
    expect((await eventsOf(t, 'view_pricing')).at(-1)).toMatchObject({ userId: null });

    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(productEvents);
    for (const body of [
      { name: 'sign_up' },
      { name: 'contribution' },
      { name: 'page_view' },
      {},
      { name: 'begin_onboarding', userId: other.id },
      { name: 'begin_onboarding', groupId: 1 },
    ]) {
      const reply = await post(t.app, '/api/events', body, person.auth);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(productEvents)).toEqual(before);
    expect(await eventsOf(t, 'begin_onboarding', other.id)).toHaveLength(0);
  });

  it('refuses a flood of events from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const reply = await post(
        t.app,
        '/api/events',
        { name: 'view_pricing' },
        { 'x-forwarded-for': '203.0.113.9' },
      );
      statuses.push(reply.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe.each(testEngines)('the product funnel on %s', (engine) => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  const funnel = async (by: { auth: Record<string, string> }, period = 'month') => {
    const reply = await get(t.app, `/api/operations/funnel?period=${period}`, by.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  const counts = (body: { events: { name: string; count: number; previous: number }[] }) =>
    Object.fromEntries(body.events.map((e) => [e.name, [e.count, e.previous]]));
  const steps = (body: { steps: { step: string; users: number }[] }) => body.steps.map((s) => s.users);

  it('counts distinct people through the steps, and each period apart from the one before', async () => {
    // A month ago: the operator and one person who then creates a circle.
    const boss = await operator(t);
    const early = await signUp(t.app);
    const created = await post(t.app, '/api/groups', groupBody(t), early.auth);
    expect(created.statusCode, created.body).toBe(201);

    // Exactly 30 days on, the start of the month is the moment they signed up: still in it.
    t.clock.advance(30 * DAY);
    const onBoundary = await funnel(boss);
    expect(counts(onBoundary).sign_up).toEqual([2, 0]);
    expect(steps(onBoundary)).toEqual([2, 1, 0]);
    // A moment later they belong to the month before.
    t.clock.advance(1);
    const after = await funnel(boss);
    expect(counts(after).sign_up).toEqual([0, 2]);
    expect(counts(after).create_group).toEqual([0, 1]);
    expect(steps(after)).toEqual([0, 0, 0]);

    // This month: a circle of three (one creates, two join), two of whom pay; one more does nothing.
    const { admin, members, groupId } = await activeCircle(t, 3);
    await everyonePaysCash(t, admin, groupId, members.slice(0, 2));
    const second = await post(t.app, '/api/groups', groupBody(t), admin.auth);
    expect(second.statusCode).toBe(201);
    const idle = await signUp(t.app);
    await post(t.app, '/api/events', { name: 'begin_onboarding' }, idle.auth);

    const month = await funnel(boss);
    expect(counts(month)).toMatchObject({
      sign_up: [4, 2],
      login: [0, 0],
      create_group: [2, 1],
      join_group: [2, 0],
      contribution: [2, 0],
      begin_onboarding: [1, 0],
      referral_share: [0, 0],
    });
    expect(month.steps).toEqual([
      { step: 'signed_up', users: 4, conversion: null, ofSignUps: 1 },
      { step: 'joined_circle', users: 3, conversion: 0.75, ofSignUps: 0.75 },
      { step: 'first_contribution', users: 2, conversion: 2 / 3, ofSignUps: 0.5 },
    ]);
    expect(month).toMatchObject({ period: 'month', days: 30 });

    // A year holds both months: six people, four in a circle, two paid.
    const year = await funnel(boss, 'year');
    expect(counts(year).sign_up).toEqual([6, 0]);
    expect(steps(year)).toEqual([6, 4, 2]);

    // Members do not see it.
    const refused = await get(t.app, '/api/operations/funnel?period=week', idle.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const badPeriod = await get(t.app, '/api/operations/funnel?period=decade', boss.auth);
    expect(badPeriod.statusCode).toBe(400);
  });

  it('deletes events older than thirteen months in the due work', async () => {
    await recordProductEvent(t.db, { name: 'login', at: t.clock.now() });
    t.clock.advance(DAY);
    await recordProductEvent(t.db, { name: 'view_pricing', at: t.clock.now() });
    t.clock.advance(396 * DAY - 1);
    await runDueWork(t.ctx);
    // The last one is 396 days old less a moment: kept; everything before it has gone.
    const left = await t.db.select().from(productEvents);
    expect(left.map((e) => e.name)).toEqual(['view_pricing']);
    t.clock.advance(2);
    await runDueWork(t.ctx);
    expect(await t.db.select().from(productEvents)).toEqual([]);
  });
});
