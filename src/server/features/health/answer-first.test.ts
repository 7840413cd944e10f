import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

// Headers that differ between any two replies, whoever answers.
const PER_REPLY = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

describe.each(testEngines)('GET /api/health answered before Fastify on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  /** Requests Fastify answered so far: its metrics count each one, whatever its route. */
  const routeAnswers = async () => {
    const metric = await t.app.metrics.registry.getSingleMetric('http_requests_total')!.get();
    return metric.values.reduce((sum, v) => sum + v.value, 0);
  };
  const probe = async (init: RequestInit & { path?: string } = {}) => {
    const response = await fetch(`${baseUrl}${init.path ?? '/api/health'}`, init);
    const headers = Object.fromEntries(response.headers);
    return { status: response.status, headers, body: await response.text() };
  };
  const lasting = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REPLY.has(name)));

  it('answers as the route does, without it, while a probe of the last second found the database', async () => {
    const before = await routeAnswers();
    const byRoute = await probe();
    expect(await routeAnswers()).toBe(before + 1);
    const first = await probe();
    expect(await routeAnswers()).toBe(before + 1);

    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ status: 'ok', database: engine });
    expect(first.body).toBe(byRoute.body);
    expect(lasting(first.headers)).toEqual(lasting(byRoute.headers));
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a caller's sane request id and replaces one that could smuggle text into a header", async () => {
    await probe();
    expect((await probe({ headers: { 'x-request-id': 'lb-probe.42' } })).headers['x-request-id']).toBe(
      'lb-probe.42',
    );
    const replaced = await probe({ headers: { 'x-request-id': 'a b<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Sent twice (fetch would join the two): neither is taken.
    const twice = await new Promise<string | undefined>((resolve, reject) => {
      const sent = request(`${baseUrl}/api/health`);
      sent.setHeader('x-request-id', ['one', 'two']);
      sent.on('response', (response) => {
        response.resume();
        resolve(response.headers['x-request-id'] as string | undefined);
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(twice).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves every other request to Fastify: another method, a query string, another path', async () => {
    await probe();
    const before = await routeAnswers();
    expect((await probe({ method: 'HEAD' })).status).toBe(200);
    expect((await probe({ path: '/api/health?verbose=1' })).status).toBe(200);
    expect((await probe({ method: 'POST' })).status).toBe(404);
    expect((await probe({ path: '/api/user' })).status).toBe(401);
    expect(await routeAnswers()).toBe(before + 4);
  });

  it('stops answering once the database fails: the route probes again and says 503', async () => {
    const { database } = t.ctx;
    const ping = database.ping;
    database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = await routeAnswers();
      const failed = await probe();
      expect(failed.status).toBe(503);
      expect(JSON.parse(failed.body).code).toBe('SERVICE_UNAVAILABLE');
      expect((await probe()).status).toBe(503);
      expect(await routeAnswers()).toBe(before + 2);
    } finally {
      database.ping = ping;
    }
    expect((await probe()).status).toBe(200);
  });
});
