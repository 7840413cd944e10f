import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { freePort } from '#server/test/crash/server-process.ts';
import { get, newMember, post, signUp } from '#server/test/http-helpers.ts';
import { capturedLog } from '#server/test/log-capture.ts';
import { createTestApp } from '#server/test/test-app.ts';

/** The limits as they ship (createTestApp turns them off for every other test). */
const shipped = loadConfig({}).limits;

// The shared counters (rate limits, reads in flight) live in Redis when several instances run. Its
// outage must not take sign-in and every page down with it: the limits go uncounted until it is back
// (the account lockout lives in the database and still holds), and the outage is logged once.
describe('with Redis unreachable', () => {
  const log = capturedLog('info');
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there, so Redis is down for the whole test.
    const port = await freePort();
    t = await createTestApp('pglite', {
      logger: log.logger,
      configure: (config) => {
        config.redisUrl = `redis://127.0.0.1:${port}`;
        config.limits = { ...config.limits, ...shipped, maxEventLoopDelayMs: 0 };
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('signs people up and in, and answers a wrong password with 401, not 500', async () => {
    const member = newMember();
    expect((await post(t.app, '/api/auth/register', member)).statusCode).toBe(201);
    const wrong = await post(t.app, '/api/auth/login', {
      username: member.username,
      password: 'not-the-one-1',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await post(t.app, '/api/auth/login', {
      username: member.username,
      password: member.password,
    });
    expect(right.statusCode).toBe(200);
  });

  it('serves the expensive reads the per-person limits count', async () => {
    const reader = await signUp(t.app);
    expect((await get(t.app, `/api/user/${reader.id}/dashboard`, reader.auth)).statusCode).toBe(200);
    expect((await get(t.app, '/api/user/groups', reader.auth)).statusCode).toBe(200);
  });

  it('logs the outage once, through the app logger', () => {
    const warnings = log.entries().filter((e) => /shared counters/i.test(String(e.msg)));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
  });
});
