import type { AppContext } from '#server/app-context.ts';

/**
 * pg-boss queue policies. With 'standard' a singletonKey means nothing; the others use it:
 * 'short' keeps one queued job per key, 'singleton' one active, 'stately' one queued and one active.
 */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** How a queue behaves; enqueue options override the retry settings per job. */
export type QueueSettings = {
  policy?: QueuePolicy;
  /** Attempts after the first one before the job is marked failed (pg-boss default 2). */
  retryLimit?: number;
  /** Seconds before a retry (0 = at once). */
  retryDelay?: number;
  /** Doubles the delay on every retry, with jitter. */
  retryBackoff?: boolean;
  /** An active job older than this is failed by maintenance (and retried if it has attempts left). */
  expireInSeconds?: number;
};

/** A queue's settings carrying its payload type, so enqueue and handlers agree on the data. */
export type QueueDefinition<T> = QueueSettings & { readonly __payload?: T };
export const defineQueue = <T extends object>(settings: QueueSettings = {}): QueueDefinition<T> => settings;

export type QueueMap = Record<string, QueueDefinition<object>>;
export type PayloadOf<Q> = Q extends QueueDefinition<infer T> ? T : never;

export type EnqueueOptions = {
  /**
   * Seconds from now, or an instant. pg-boss compares it with the database's now(), i.e. real
   * time: the app's Clock (moved by tests and TEST_CLOCK) does not make a delayed job due.
   */
  startAfter?: number | Date;
  /** De-duplicates under the queue's policy; enqueue refuses it on a 'standard' queue. */
  singletonKey?: string;
  retryLimit?: number;
  /** Seconds. */
  retryDelay?: number;
  retryBackoff?: boolean;
};

/** What a handler learns about its job. */
export type JobInfo<T> = { id: string; name: string; data: T; retryCount: number; retryLimit: number };

/**
 * Does the job's work. Must be idempotent (a job may run again after a crash, a timeout or a
 * retry) and read time from ctx.clock. Throwing fails the attempt; what it returns is stored.
 */
export type JobHandler<T> = (ctx: AppContext, job: JobInfo<T>) => Promise<unknown>;

export type HandlerMap<Q extends QueueMap> = { [N in keyof Q]: JobHandler<PayloadOf<Q[N]>> };

/** A cron schedule (UTC, minute resolution) that enqueues a job on the named queue. */
export type JobSchedule<Q extends QueueMap> = { name: keyof Q & string; cron: string };
