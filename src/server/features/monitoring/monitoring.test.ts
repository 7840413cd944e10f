import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { get, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import type { MonitoringReply } from '#shared/schemas/monitoring.ts';
import { healthStatus } from './health-status.ts';
import { createRequestRecorder } from './request-recorder.ts';

describe.each(testEngines)('GET /api/admin/monitoring on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operator: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    operator = await signUp(t.app);
    member = await signUp(t.app);
    await t.db
      .update(users)
      .set({ isOperator: true, operatorSource: 'command' })
      .where(eq(users.id, operator.id));
  });
  afterAll(() => t.close());

  const monitoring = async (timeframe = '1h') => {
    const reply = await get(t.app, `/api/admin/monitoring?timeframe=${timeframe}`, operator.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as MonitoringReply;
  };

  it('answers 403 to anyone but an operator, 401 signed out, 400 on an unknown timeframe', async () => {
    expect((await get(t.app, '/api/admin/monitoring', member.auth)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/monitoring')).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/monitoring?timeframe=1y', operator.auth)).statusCode).toBe(400);
  });

  it('moves with the requests made, counted under their route patterns', async () => {
    const before = await monitoring();
    for (let i = 0; i < 3; i++) await get(t.app, '/api/user', member.auth);
    expect((await get(t.app, '/api/groups/424242', member.auth)).statusCode).toBe(404);
    expect((await get(t.app, '/api/admin/monitoring', member.auth)).statusCode).toBe(403);
    const after = await monitoring();

    const path = (r: MonitoringReply, route: string) => r.performance.requestsByPath[route] ?? 0;
    expect(path(after, 'GET /api/user') - path(before, 'GET /api/user')).toBe(3);
    expect(path(after, 'GET /api/groups/:id') - path(before, 'GET /api/groups/:id')).toBe(1);
    expect(Object.keys(after.performance.requestsByPath).filter((route) => /\d/.test(route))).toEqual([]);
    // The monitoring call in `before` is counted too: 3 + 1 + the refused one + that one.
    expect(after.performance.totalRequests - before.performance.totalRequests).toBe(6);
    expect(
      (after.performance.requestsByStatus['403'] ?? 0) - (before.performance.requestsByStatus['403'] ?? 0),
    ).toBe(1);
    expect(after.security.suspiciousRequests - before.security.suspiciousRequests).toBe(1);
    expect(after.security.activeIPMonitoring).toBeGreaterThanOrEqual(1);
    expect(after.security.lastSecurityEvent).not.toBeNull();
    expect(after.performance.averageResponseTime).toBeGreaterThan(0);
    expect(after.system).toMatchObject({ status: 'healthy', instances: 1 });
    // The monitoring request itself is the one in flight: finished ones are not left counted.
    expect(after.system.activeConnections).toBe(1);
    expect(after.system.memoryUsage.used).toBeGreaterThan(0);
    expect(after.system.memoryUsage.total).toBeGreaterThan(after.system.memoryUsage.used);
    expect(after.database.engine).toBe(engine);
    expect(after.database.sizeBytes).toBeGreaterThan(0);
    expect(after.database.largestTables.length).toBeGreaterThan(0);
  });

  it('adds up the figures of every process writing to the database', async () => {
    const before = await monitoring('24h');
    const other = createRequestRecorder(t.db, { activeConnections: () => 7 }, 'second-instance');
    try {
      const answered = (statusCode: number, ip = '203.0.113.9') => ({
        method: 'GET',
        route: '/api/only-elsewhere',
        statusCode,
        durationMs: 1500,
        ip,
        at: new Date(),
      });
      other.record(answered(200));
      other.record(answered(500));
      await other.flush();
      // A second flush in the same minute adds to the rows; it does not replace them.
      other.record(answered(429));
      other.record(answered(429, '203.0.113.10'));
      other.record(answered(200));
      await other.flush();

      const after = await monitoring('24h');
      expect(after.performance.requestsByPath['GET /api/only-elsewhere']).toBe(5);
      expect(after.performance.slowRequests - before.performance.slowRequests).toBe(5);
      expect(after.security.rateLimitHits - before.security.rateLimitHits).toBe(2);
      expect(after.security.blockedIPsCount - before.security.blockedIPsCount).toBe(2);
      expect(after.performance.errorRate).toBeGreaterThan(0);
      expect(after.system.instances).toBe(2);
      expect(after.system.activeConnections).toBeGreaterThanOrEqual(7);
    } finally {
      other.stop();
    }
  });

  it('keeps the figures of a refused request whose client hung up before it was answered', async () => {
    // Node forgets a socket's address once it is closed: such a request reaches the recorder without
    // an IP, and it must not take the rest of the minute's figures down with it.
    const before = await monitoring('24h');
    const other = createRequestRecorder(t.db, { activeConnections: () => 0 }, 'hung-up-instance');
    try {
      const at = new Date();
      const base = { method: 'GET', route: '/api/hung-up', durationMs: 5, at };
      other.record({ ...base, statusCode: 200, ip: '203.0.113.20' });
      other.record({ ...base, statusCode: 401, ip: undefined });
      other.record({ ...base, statusCode: 429, ip: '203.0.113.21' });
      await other.flush();
      const after = await monitoring('24h');
      expect(after.performance.requestsByPath['GET /api/hung-up']).toBe(3);
      expect(after.security.rateLimitHits - before.security.rateLimitHits).toBe(1);
      expect(after.security.suspiciousRequests - before.security.suspiciousRequests).toBe(1);
    } finally {
      other.stop();
    }
  });
});

describe('the status badge', () => {
  it('turns with the worst figure', () => {
    expect(healthStatus({ errorRate: 0, memory: 40, eventLoopDelay: 10 })).toBe('healthy');
    expect(healthStatus({ errorRate: 2, memory: 40, eventLoopDelay: 10 })).toBe('warning');
    expect(healthStatus({ errorRate: 0, memory: 95, eventLoopDelay: 10 })).toBe('critical');
    expect(healthStatus({ errorRate: 0, memory: 40, eventLoopDelay: 300 })).toBe('warning');
  });
});
