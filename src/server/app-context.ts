import type { SessionUser } from '#server/core/identity.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppMetrics } from './http/app-metrics.ts';

/** What every feature may use; handed to buildApp so tests can swap any of it. */
export type AppContext = { config: Config; database: Database; clock: Clock };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Prometheus metrics and the per-request figures (http/app-metrics.ts). */
    metrics: AppMetrics;
  }
  interface FastifyRequest {
    /** Set by requireUser, which runs on request for every route not marked public. */
    user: SessionUser | null;
  }
}
