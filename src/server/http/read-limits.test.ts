import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { get, signUp } from '#server/test/http-helpers.ts';
import { simultaneousGets } from '#server/test/raw-http.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { redisInFlight } from './in-flight.ts';
import { EXPENSIVE_READS } from './read-limits.ts';

type Member = Awaited<ReturnType<typeof signUp>>;

/** The limits as they ship (createTestApp turns them off for every other test). */
const shipped = loadConfig({}).limits;

describe.each(testEngines)('one person cannot starve everybody else on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      configure: (config) => {
        config.limits.readsPerUserPer10Seconds = shipped.readsPerUserPer10Seconds;
        config.limits.readsInFlightPerUser = shipped.readsInFlightPerUser;
      },
    });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const fetchAs = (member: Member, path: string) =>
    fetch(`${baseUrl}${path}`, { headers: member.auth }).then(async (r) => ({
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      body: await r.json(),
    }));

  it('every listed expensive read is a real route', () => {
    for (const entry of EXPENSIVE_READS) {
      const [method, url] = entry.split(' ') as ['GET', string];
      expect(t.app.hasRoute({ method, url }), entry).toBe(true);
    }
  });

  it('two hundred parallel dashboards of one person: some refused with 429, the others still served', async () => {
    const hammer = await signUp(t.app);
    const other = await signUp(t.app);
    const flood = simultaneousGets(baseUrl, `/api/user/${hammer.id}/dashboard`, hammer.auth, 200).then(
      (replies) =>
        replies.map((r) => ({
          status: r.status,
          retryAfter: r.headers['retry-after'] ?? null,
          body: JSON.parse(r.body),
        })),
    );
    // Meanwhile, someone else goes about their business.
    const meanwhile = Promise.all([
      ...Array.from({ length: 5 }, () => fetchAs(other, '/api/user')),
      fetchAs(other, `/api/user/${other.id}/dashboard`),
      fetchAs(other, '/api/user/groups'),
    ]);
    const [flooded, served] = await Promise.all([flood, meanwhile]);

    expect(served.map((r) => r.status)).toEqual(served.map(() => 200));
    const refused = flooded.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(flooded.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(flooded.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    // At most the window's budget ran; the rest were told when to come back (within the window).
    expect(flooded.filter((r) => r.status === 200).length).toBeLessThanOrEqual(
      shipped.readsPerUserPer10Seconds,
    );
    for (const reply of refused) {
      expect(reply.body).toMatchObject({ success: false, code: 'TOO_MANY_READS' });
      expect(Number(reply.retryAfter)).toBeGreaterThan(0);
      expect(Number(reply.retryAfter)).toBeLessThanOrEqual(10);
    }
  });
});

// On PostgreSQL requests really run side by side (on PGlite one finishes before the next starts).
describe.each(testEngines.filter((e) => e === 'postgres'))('running reads per person on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      configure: (config) => {
        config.limits.readsInFlightPerUser = 2;
      },
    });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('beyond the running cap a read is refused at once, even with no budget per window', async () => {
    const hammer = await signUp(t.app);
    const replies = await simultaneousGets(baseUrl, `/api/user/${hammer.id}/dashboard`, hammer.auth, 50);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    for (const reply of refused) {
      expect(JSON.parse(reply.body).code).toBe('TOO_MANY_READS');
      expect(reply.headers['retry-after']).toBe('1');
    }
    // Every slot was given back: the reads run again one by one.
    for (let i = 0; i < 5; i++)
      expect((await get(t.app, `/api/user/${hammer.id}/dashboard`, hammer.auth)).statusCode).toBe(200);
  });
});

describe('reads per window are counted per person', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      configure: (config) => {
        config.limits.readsPerUserPer10Seconds = 5;
      },
    });
  });
  afterAll(() => t.close());

  it('the sixth expensive read in the window is refused with Retry-After, HEAD included; others are not affected', async () => {
    const reader = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < 3; i++)
      expect((await get(t.app, '/api/user/groups', reader.auth)).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/user/history', headers: reader.auth });
    expect(head.statusCode).toBe(200);
    expect((await get(t.app, `/api/user/${reader.id}/dashboard`, reader.auth)).statusCode).toBe(200);
    const refused = await get(t.app, `/api/user/${reader.id}/dashboard`, reader.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_READS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Cheap reads are not counted, and other people have their own budget.
    expect((await get(t.app, '/api/user', reader.auth)).statusCode).toBe(200);
    expect((await get(t.app, `/api/user/${other.id}/dashboard`, other.auth)).statusCode).toBe(200);
  });
});

// Two instances share their counters through Redis (REDIS_URL); run when TEST_REDIS_URL names one.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('read limits shared between instances through Redis', () => {
  const prefix = `sc-test-${process.pid}-${randomBytes(4).toString('hex')}-`;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      configure: (config) => {
        config.redisUrl = redisUrl;
        config.redisPrefix = prefix;
        config.limits.readsPerUserPer10Seconds = 4;
      },
    });
    second = await buildApp(t.ctx, { serveWeb: false });
    await second.ready();
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await second.close();
    await t.close();
  });

  it('a budget used on one instance is used on the other', async () => {
    const reader = await signUp(t.app);
    for (const app of [t.app, second, t.app, second])
      expect((await get(app, '/api/user/groups', reader.auth)).statusCode).toBe(200);
    expect((await get(second, '/api/user/groups', reader.auth)).statusCode).toBe(429);
    expect((await get(t.app, '/api/user/groups', reader.auth)).statusCode).toBe(429);
  });

  it('running reads are counted across instances', async () => {
    const one = redisInFlight(redis, prefix);
    const two = redisInFlight(redis, prefix);
    expect(await one.acquire('user-1', 2)).toBe(true);
    expect(await two.acquire('user-1', 2)).toBe(true);
    expect(await one.acquire('user-1', 2)).toBe(false);
    expect(await two.acquire('user-2', 2)).toBe(true);
    await one.release('user-1');
    expect(await two.acquire('user-1', 2)).toBe(true);
  });
});
