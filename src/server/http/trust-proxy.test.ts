import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { post } from '#server/test/http-helpers.ts';
import { createTestDatabase } from '#server/test/test-app.ts';
import { TestClock } from '#server/test/test-clock.ts';

const LIMIT = 3;
let attempts = 0;

/** A login attempt as it reaches the app through a load balancer, which appends the client's address. */
function loginVia(app: FastifyInstance, forwardedFor: string) {
  return post(
    app,
    '/api/auth/login',
    // A new name each time: only the per-address limit may answer 429, not an account's lockout.
    { username: `nobody-${++attempts}`, password: 'wrong-password-123' },
    { 'x-forwarded-for': forwardedFor },
  );
}

describe('client addresses behind a load balancer (TRUST_PROXY)', () => {
  // One database for the apps of every setting: only the address each app sees differs.
  let store: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    store = await createTestDatabase('pglite');
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => store.drop());

  async function appTrusting(setting: string | undefined) {
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', TRUST_PROXY: setting });
    config.limits.loginPerIpPerMinute = LIMIT;
    config.limits.maxEventLoopDelayMs = 0;
    app = await buildApp(
      { config, database: store.database, clock: new TestClock(), stopwatch: new TestClock() },
      { serveWeb: false },
    );
    return app;
  }

  it('reads the setting: nobody, a number of proxies, every sender, or these addresses', () => {
    const trustProxySetting = (value: string | undefined) =>
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting(' 10.0.0.0/8, 192.168.1.7 ')).toEqual(['10.0.0.0/8', '192.168.1.7']);
  });

  it.each([
    ['1', 'one proxy'],
    ['127.0.0.1', "the proxy's address"],
    ['loopback', "the proxy's range by name"],
  ])(
    'trusting %s (%s): the client is the address the proxy appended, whatever the client wrote before it',
    async (setting) => {
      const app = await appTrusting(setting);
      // The same client makes up a new address in front of its own on every attempt.
      for (let i = 0; i < LIMIT; i++)
        expect((await loginVia(app, `10.9.9.${i}, 203.0.113.7`)).statusCode).toBe(401);
      expect((await loginVia(app, '10.9.9.99, 203.0.113.7')).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await loginVia(app, '198.51.100.9')).statusCode).toBe(401);
    },
  );

  it('unset: X-Forwarded-For is not believed, so making addresses up gains nothing', async () => {
    const app = await appTrusting(undefined);
    for (let i = 0; i < LIMIT; i++) expect((await loginVia(app, `10.9.9.${i}`)).statusCode).toBe(401);
    expect((await loginVia(app, '10.9.9.99')).statusCode).toBe(429);
  });
});
