import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdjustableClock } from '#server/clock.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { replies } from '#shared/schemas/replies.ts';
import { advanceClockReply, advanceClockSchema } from '#shared/schemas/test-clock.ts';

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
        schema: { hide: true, body: advanceClockSchema, response: replies({ 200: advanceClockReply }) },
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
