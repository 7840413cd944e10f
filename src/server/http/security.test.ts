import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSignups } from '#server/db/schema.ts';
import { get, newMember, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('HTTP hardening on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('sends pages a strict script policy', async () => {
    const reply = await get(t.app, '/some-page');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends API replies the REST set: nothing may load, frame, sniff or cache them', async () => {
    for (const reply of [await get(t.app, '/api/health'), await get(t.app, '/api/user')]) {
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['cache-control']).toBe('no-store');
      // A page's headers, which mean nothing to JSON, are not sent with every call.
      expect(reply.headers['permissions-policy']).toBeUndefined();
    }
  });

  it('answers /api/health with 200 once the database is reachable', async () => {
    const reply = await get(t.app, '/api/health');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok', database: engine });
  });

  const count = async () =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSignups))[0]!.n;

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
  ])('refuses a cross-site state-changing request %o and changes nothing', async (headers) => {
    const before = await count();
    const reply = await post(t.app, '/api/newsletter-signup', { email: 'csrf@example.org' }, headers);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('CROSS_SITE_REQUEST');
    expect(await count()).toBe(before);
  });

  it('accepts a same-origin browser request', async () => {
    const reply = await post(
      t.app,
      '/api/newsletter-signup',
      { email: 'same@example.org' },
      { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    );
    expect(reply.statusCode).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"username": "x",', 'application/json', 400, 'VALIDATION_ERROR'],
    ['a JSON array', '[1,2,3]', 'application/json', 400, 'VALIDATION_ERROR'],
    ['JSON null', 'null', 'application/json', 400, 'VALIDATION_ERROR'],
    [
      'a form body',
      'username=a&password=b',
      'application/x-www-form-urlencoded',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a huge body',
      JSON.stringify({ username: 'a'.repeat(200_000), password: 'b' }),
      'application/json',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['wrong types', '{"username": 42, "password": {"$gt": ""}}', 'application/json', 400, 'VALIDATION_ERROR'],
  ])('answers %s with a clear 4xx and no stack trace', async (_name, payload, contentType, status, code) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toMatchObject({ success: false, code });
    expect(reply.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const reply = await get(t.app, '/api/nothing-here');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const reply = await get(t.app, '/api/docs/json');
    expect(reply.statusCode).toBe(200);
    const doc = reply.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/user',
        '/api/newsletter-signup',
      ]),
    );
  });

  it('never lets a client choose who it is: a body userId is refused', async () => {
    const reply = await post(t.app, '/api/auth/register', { ...newMember(), id: 1 });
    expect(reply.statusCode).toBe(400);
  });
});
