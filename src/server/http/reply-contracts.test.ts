import SwaggerParser from '@apidevtools/swagger-parser';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { AdjustableClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { testClockRoutes } from '#server/features/test-clock/routes.ts';
import { createTestDatabase } from '#server/test/test-app.ts';

/** Pages and files the app serves that are not API replies: the web app and the docs UI. */
function servesFiles(url: string) {
  return !url.startsWith('/api/') || url === '/api/docs' || url.startsWith('/api/docs/');
}

type OpenApiDocument = {
  components: { securitySchemes: Record<string, unknown> };
  security: unknown[];
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
};

/**
 * Issue 11: every route declares its replies in src/shared/schemas (decision 0022), so the web
 * infers its types from them and the OpenAPI document describes them. A route added without a
 * reply schema fails here by name.
 */
describe('reply contracts', () => {
  const routes: RouteOptions[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase('pglite');
    drop = created.drop;
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    app = await buildApp(
      { config, database: created.database, clock: new AdjustableClock(), stopwatch: new AdjustableClock() },
      {
        serveWeb: false,
        extraRoutes: [testClockRoutes(new AdjustableClock())],
        onRoute: (route) => void routes.push(route),
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('every API route declares a success reply and the error reply', () => {
    const api = routes.filter((route) => route.method !== 'HEAD' && !servesFiles(route.url));
    expect(api.length).toBeGreaterThan(60);
    const missing = api
      .filter((route) => {
        const codes = Object.keys(route.schema?.response ?? {});
        return (
          !codes.some((code) => /^2\d\d$/.test(code)) || !codes.includes('4xx') || !codes.includes('5xx')
        );
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(missing, 'routes without a 2xx reply schema and the 4xx/5xx error reply').toEqual([]);
  });

  it('publishes a valid OpenAPI document: replies on every operation, sign-in required unless public', async () => {
    const document = app.swagger() as unknown as OpenApiDocument;
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();

    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearerToken', 'sessionCookie']);
    expect(document.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'sc_session',
    });
    const publicOperations: string[] = [];
    const withoutReplies: string[] = [];
    for (const [path, byMethod] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        const key = `${method.toUpperCase()} ${path}`;
        const codes = Object.keys(operation.responses ?? {});
        if (!codes.some((code) => code.startsWith('2')) || !codes.includes('4XX') || !codes.includes('5XX'))
          withoutReplies.push(key);
        if (operation.security?.length === 0) publicOperations.push(key);
      }
    }
    expect(withoutReplies).toEqual([]);
    expect(publicOperations.sort()).toEqual([
      'GET /api/calendar/{token}.ics',
      'GET /api/contact/form-token',
      'GET /api/health',
      'GET /api/public-config',
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/register',
      'POST /api/auth/reset-password',
      'POST /api/auth/verify-email',
      'POST /api/contact',
      'POST /api/events',
      'POST /api/newsletter-signup',
      'POST /api/notifications/unsubscribe',
    ]);
  });
});
