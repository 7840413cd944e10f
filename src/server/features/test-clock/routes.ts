import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdjustableClock } from '#server/clock.ts';
import { runDueWork } from '#server/jobs/worker.ts';

/**
 * Test-only: moves the server's clock forward and runs the work that became due, so a browser
 * journey can live through three cycles in a minute. Registered only when TEST_CLOCK=enabled
 * outside production (main.ts refuses to start otherwise).
 */
export function testClockRoutes(clock: AdjustableClock) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/clock',
      {
        schema: { hide: true, body: z.strictObject({ advanceDays: z.number().int().min(0).max(400) }) },
        config: { public: true },
      },
      async (request) => {
        clock.advance(request.body.advanceDays * 86_400_000);
        const done = await runDueWork(app.ctx);
        return { now: clock.now().toISOString(), ...done };
      },
    );
  };
}
