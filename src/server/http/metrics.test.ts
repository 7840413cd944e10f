import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(testEngines)('GET /metrics on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      configure: (config) => {
        config.metricsToken = TOKEN;
      },
    });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const reply = await get(t.app, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    return parsePrometheusTextFormat(reply.body);
  };
  const family = (families: PrometheusFamily[], name: string) => {
    const found = families.find((f) => f.name === name);
    if (!found) throw new Error(`no ${name} in the scrape`);
    return found;
  };
  const requestCount = (families: PrometheusFamily[], route: string, status: string) =>
    family(families, 'http_requests_total')
      .metrics.filter((m) => m.labels?.route === route && m.labels?.status_code === status)
      .reduce((sum, m) => sum + ('value' in m ? Number(m.value) : 0), 0);

  it('counts a request under its route pattern, never its raw URL', async () => {
    const member = await signUp(t.app);
    const before = requestCount(await scrape(), '/api/groups/:id', '404');
    expect((await get(t.app, '/api/groups/987654', member.auth)).statusCode).toBe(404);
    expect((await get(t.app, '/api/no-such-route/123')).statusCode).toBe(404);
    const after = await scrape();
    expect(requestCount(after, '/api/groups/:id', '404')).toBe(before + 1);
    expect(requestCount(after, 'unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(family(after, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    const routes = family(after, 'http_requests_total').metrics.map((m) => m.labels?.route ?? '');
    expect(routes.filter((route) => /\d/.test(route))).toEqual([]);
  });

  it('reports process, pool, job, live and money figures', async () => {
    const families = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'live_stream_connections',
      'job_queue_depth',
      'savecircle_contributions_paid_total',
      'savecircle_contribution_failures_total',
      'savecircle_payouts_paid_total',
      'savecircle_withdrawals_completed_total',
      'savecircle_withdrawal_failures_total',
    ])
      family(families, name);
    expect(family(families, 'savecircle_contributions_paid_total').type).toBe('COUNTER');
    if (engine === 'postgres')
      expect(
        Number((family(families, 'db_pool_connections_total').metrics[0] as { value: string }).value),
      ).toBeGreaterThan(0);
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect((await get(t.app, '/metrics')).statusCode).toBe(401);
    const wrong = await get(t.app, '/metrics', { authorization: 'Bearer not-the-token-at-all-xxxxxxxx' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
    // A session token is not the metrics token either.
    const member = await signUp(t.app);
    expect((await get(t.app, '/metrics', member.auth)).statusCode).toBe(401);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    t.ctx.config.metricsToken = undefined;
    try {
      expect((await get(t.app, '/metrics', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
    } finally {
      t.ctx.config.metricsToken = TOKEN;
    }
  });
});
