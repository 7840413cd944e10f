import type { EventEmitter } from 'node:events';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '#server/app-context.ts';
import { moneyFigures, queueDepths } from './database-figures.ts';

/** One answered request, as the metrics and the per-minute recorder see it. */
export type AnsweredRequest = {
  method: string;
  route: string;
  statusCode: number;
  durationMs: number;
  /** Undefined when the client hung up first: Node forgets a closed socket's address. */
  ip: string | undefined;
  at: Date;
};

/** A route pattern for labels: never the raw URL, whose ids and codes would make a series per value. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The app's Prometheus metrics, one registry per app (tests build several apps in one process).
 * Money and job figures are read from the database at scrape time (collect), so every process
 * reports the same totals; request timings and the pool are this process's own.
 */
export function createAppMetrics(ctx: AppContext) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const listeners: ((request: AnsweredRequest) => void)[] = [];
  let liveStreams: () => number = () => 0;
  let inFlight = 0;
  const requestClosed = () => {
    inFlight -= 1;
  };

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // The same count as the histogram's _count, as a plain counter: simpler queries, and readers
  // (parse-prometheus-text-format among them) that drop a labelled histogram's labels still see it.
  // Copied from the histogram when scraped, not counted again on every request (issue 18).
  new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { metricName, labels, value } of (await requestDuration.get()).values)
        if (metricName === 'http_request_duration_seconds_count') this.inc(labels, value);
    },
  });

  const pool = ctx.database.poolStats;
  if (pool) {
    for (const [field, help] of [
      ['total', 'PostgreSQL connections this process holds'],
      ['idle', 'PostgreSQL connections idle in the pool'],
      ['waiting', 'Queries waiting for a PostgreSQL connection'],
    ] as const) {
      new Gauge({
        name: `db_pool_connections_${field}`,
        help,
        registers: [registry],
        collect() {
          this.set(pool()[field]);
        },
      });
    }
  }

  new Gauge({
    name: 'live_stream_connections',
    help: 'Live update streams (GET /api/events) this process holds open',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });

  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs per queue and state (waiting, active, failed), across all processes',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const depth of await queueDepths(ctx.database.db)) {
        for (const state of ['waiting', 'active', 'failed'] as const)
          this.set({ queue: depth.queue, state }, depth[state]);
      }
    },
  });

  // Counted from the rows at scrape time: all processes agree and a restart loses nothing.
  let money: ReturnType<typeof moneyFigures> | null = null;
  const moneyOnce = () => {
    money ??= moneyFigures(ctx.database.db).finally(() => setTimeout(() => (money = null), 0));
    return money;
  };
  const moneyCounters = [
    ['contributions_paid_total', 'Contributions paid', 'contributionsPaid'],
    ['contribution_failures_total', 'Contribution bank debits that failed', 'contributionFailures'],
    ['payouts_paid_total', 'Payouts paid to recipients', 'payoutsPaid'],
    ['withdrawals_completed_total', 'Wallet withdrawals completed', 'withdrawalsCompleted'],
    ['withdrawal_failures_total', 'Wallet withdrawals that failed', 'withdrawalFailures'],
  ] as const;
  for (const [name, help, field] of moneyCounters) {
    new Counter({
      name: `savecircle_${name}`,
      help,
      registers: [registry],
      async collect() {
        const figures = await moneyOnce();
        this.reset();
        this.inc(figures[field]);
      },
    });
  }

  return {
    registry,
    observeRequest(request: AnsweredRequest) {
      const labels = {
        method: request.method,
        route: request.route,
        status_code: String(request.statusCode),
      };
      requestDuration.observe(labels, request.durationMs / 1000);
      for (const listener of listeners) listener(request);
    },
    /** A request arrived; it counts until its response closes (streams included). */
    requestStarted(response: EventEmitter) {
      inFlight += 1;
      // `on`, not `once`: a response closes once, and one shared listener costs no closure per request.
      response.on('close', requestClosed);
    },
    /** Requests being answered now, live update streams included. */
    inFlight: () => inFlight,
    /** Another consumer of every answered request (the per-minute recorder). */
    onRequest(listener: (request: AnsweredRequest) => void) {
      listeners.push(listener);
    },
    /** The live feature tells how many streams this process holds. */
    countLiveStreams(count: () => number) {
      liveStreams = count;
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
