import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logging/logger.ts';
import { get, post } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';

// Log lines only: no database behaviour here, so PGlite alone.
describe('request ids', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { logger: createLogger('info', stream) });
  });
  afterAll(() => t.close());

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('keeps a sane incoming x-request-id, returns it and logs it on every line of the request', async () => {
    const id = 'lb-7f3a2c91.edge:42_A';
    const reply = await get(t.app, '/api/health', { 'x-request-id': id });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['x-request-id']).toBe(id);
    // One line per request (logging/access-log.ts): what was asked, and how it was answered.
    expect(linesOf(id)).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('generates one when none is sent, different for each request', async () => {
    const first = String((await get(t.app, '/api/health')).headers['x-request-id']);
    const second = String((await get(t.app, '/api/health')).headers['x-request-id']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    expect(linesOf(first)).toHaveLength(1);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a quote and angle brackets', '"><script>'],
    ['empty', ''],
  ])('replaces an incoming id that is %s', async (_name, id) => {
    const reply = await get(t.app, '/api/health', { 'x-request-id': id });
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.reqId === id)).toBe(false);
  });

  it('returns the id on error replies too, and every line of a failed request carries it', async () => {
    const id = 'failing-request-1';
    const notFound = await get(t.app, '/api/no-such-route', { 'x-request-id': id });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe(id);
    const invalid = await post(
      t.app,
      '/api/auth/login',
      { username: 1 },
      { 'x-request-id': 'failing-request-2' },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('failing-request-2');
    const crossSite = await post(
      t.app,
      '/api/newsletter-signup',
      {},
      {
        'x-request-id': 'failing-request-3',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['x-request-id']).toBe('failing-request-3');
    for (const [failing, statusCode] of [
      [id, 404],
      ['failing-request-2', 400],
      ['failing-request-3', 403],
    ] as const)
      expect(linesOf(failing)).toContainEqual(
        expect.objectContaining({ msg: 'request completed', res: { statusCode } }),
      );
  });
});
