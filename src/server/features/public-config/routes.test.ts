import { afterEach, describe, expect, it } from 'vitest';
import { get } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { publicConfigSchema } from '#shared/schemas/public-config.ts';

// Settings only, no data: PGlite is enough.
describe('GET /api/public-config', () => {
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
  afterEach(() => t?.close());

  it.each([true, false])(
    'tells the sign-in page whether the demo account exists (seedDemo %s)',
    async (seedDemo) => {
      t = await createTestApp('pglite', {
        configure: (config) => {
          config.seedDemo = seedDemo;
        },
      });
      const reply = await get(t.app, '/api/public-config');
      expect(reply.statusCode).toBe(200);
      expect(publicConfigSchema.parse(reply.json())).toEqual({ demoHint: seedDemo });
    },
  );
});
