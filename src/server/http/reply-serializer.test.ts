import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#server/app.ts';
import { AdjustableClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { createTestDatabase } from '#server/test/test-app.ts';
import { fastSerializerFor, replySerializerCompiler } from './reply-serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as never;

describe('reply serializer', () => {
  it('writes only what the schema lists, as zod would', () => {
    const schema = z.object({ id: z.number().int(), name: z.string().nullable(), tags: z.array(z.string()) });
    const serialize = replySerializerCompiler(false)(route(schema));
    const reply = JSON.parse(serialize({ id: 7, name: null, tags: ['a'], passwordHash: 'secret' }));
    expect(reply).toEqual({ id: 7, name: null, tags: ['a'] });
    expect(fastSerializerFor(schema)).not.toBeNull();
  });

  it('leaves to zod a schema whose reply differs from what the handler returned', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const withCodec = z.object({ at: isoDate });
    const withDefault = z.object({ n: z.number().default(1) });
    expect(fastSerializerFor(withCodec)).toBeNull();
    expect(fastSerializerFor(withDefault)).toBeNull();
    const serialize = replySerializerCompiler(false)(route(withCodec));
    expect(serialize({ at: new Date('2026-11-30T00:00:00Z') })).toBe('{"at":"2026-11-30T00:00:00.000Z"}');
  });

  it('under test, refuses a reply the schema would change', () => {
    const serialize = replySerializerCompiler(true)(route(z.object({ id: z.number() })));
    expect(() => serialize({ id: 1, extra: true })).toThrow(/drops or changes fields/);
    expect(serialize({ id: 1 })).toBe('{"id":1}');
  });

  describe("every route's replies", () => {
    const routes: RouteOptions[] = [];
    let drop: () => Promise<void>;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const created = await createTestDatabase('pglite');
      drop = created.drop;
      const app = await buildApp(
        {
          config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
          database: created.database,
          clock: new AdjustableClock(),
          stopwatch: new AdjustableClock(),
        },
        { serveWeb: false, onRoute: (r) => void routes.push(r) },
      );
      await app.ready();
      close = () => app.close();
    });
    afterAll(async () => {
      await close();
      await drop();
    });

    it('are written by a generated serializer, but for the schemas zod alone can write', () => {
      const zodOnly = new Set<string>();
      for (const r of routes) {
        for (const [code, schema] of Object.entries(r.schema?.response ?? {})) {
          if (schema instanceof z.ZodType && !fastSerializerFor(schema))
            zodOnly.add(`${r.method} ${r.url} ${code}`);
        }
      }
      expect([...zodOnly].sort()).toEqual([]);
    });
  });
});
