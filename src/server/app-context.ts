import type { SessionUser } from '#server/core/identity.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppMetrics } from './http/app-metrics.ts';

/** What every feature may use; handed to buildApp so tests can swap any of it. */
export type AppContext = {
  config: Config;
  database: Database;
  /** The app's time: due dates, sessions, records. A test may move it by days. */
  clock: Clock;
  /**
   * How long something took a person (a form's fill time): the system's time even when the app's
   * clock is moved for a test, since another test's move says nothing about how fast someone typed.
   */
  stopwatch: Clock;
};

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
