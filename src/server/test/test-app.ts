import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type DatabaseOptions, type Engine, openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { type AppJobsOptions, startAppJobs } from '#server/jobs/app-jobs.ts';
import { TestClock } from './test-clock.ts';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export const testEngines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on TEST_DATABASE_URL's server (creating and dropping test databases). */
export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let pgliteTemplate: Promise<NonNullable<DatabaseOptions['pglite']>> | undefined;
/**
 * What each test's PGlite starts from, made once per test process: the WebAssembly compiled once, and
 * a migrated data folder, so a test's database skips initdb and the migrations (seconds each).
 */
function migratedPglite() {
  pgliteTemplate ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) =>
        WebAssembly.compile(await readFile(path.join(dist, file))),
      ),
    );
    const fsBundle = new Blob([await readFile(path.join(dist, 'pglite.data'))]);
    const shared = { pgliteWasmModule, initdbWasmModule, fsBundle };
    const template = await openDatabase({ dataDir: 'memory://', pglite: shared });
    await migrateDatabase(template);
    const loadDataDir = await (template.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await template.close();
    return { ...shared, loadDataDir };
  })();
  return pgliteTemplate;
}

/** A fresh, migrated database of the given engine; dropped again by close(). */
export async function createTestDatabase(engine: Engine) {
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', pglite: await migratedPglite() });
    // Already migrated: this finds nothing to do, and would catch a template that fell behind.
    await migrateDatabase(database);
    return { database, databaseUrl: undefined, drop: () => database.close() };
  }
  const name = `sc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const databaseUrl = withDatabase(process.env.TEST_DATABASE_URL!, name);
  const database = await openDatabase({ databaseUrl, poolSize: 60 });
  await migrateDatabase(database, databaseUrl);
  return {
    database,
    databaseUrl,
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export type TestAppOptions = {
  configure?: (config: Config) => void;
  /** For tests that move the clock by months: sessions outlive them. */
  longSessions?: boolean;
  /**
   * Starts the pg-boss job queue (t.jobs): 'manual' runs nothing until t.jobs.drain(); the object
   * form can ask for background polling. Needed by routes that enqueue jobs.
   */
  jobs?: 'manual' | AppJobsOptions;
  /** The app's logger (logging/logger.ts with a stream the test reads); none by default. */
  logger?: Logger;
  /** Serve the web app from config.webDir (set it in configure); off by default. */
  serveWeb?: boolean;
  /** Routes only a test has, registered like the test clock's. */
  extraRoutes?: FastifyPluginAsync[];
  /**
   * Cache who a session belongs to, as servers do. Off by default: tests that change a person straight
   * in the database would otherwise race the change's notification on PostgreSQL.
   */
  sessionCache?: boolean;
};

/** The real app on a fresh database, driven through app.inject(). */
export async function createTestApp(engine: Engine, options: TestAppOptions = {}) {
  const { database, drop } = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
  // Every test request comes from one address; per-IP limits get their own test.
  config.limits.loginPerIpPerMinute = 10_000;
  config.limits.registerPerIpPerHour = 10_000;
  config.limits.accountLinksPerIpPerHour = 10_000;
  config.limits.contactPerIpPerHour = 10_000;
  // Tests read fast and in parallel as one person; per-person read limits get their own test.
  config.limits.readsPerUserPer10Seconds = 0;
  config.limits.readsInFlightPerUser = 0;
  // A busy test machine (other suites, a browser) must not turn requests into 503s.
  config.limits.maxEventLoopDelayMs = 0;
  config.sessionCache = options.sessionCache ?? false;
  if (options.longSessions) config.session = { idleMs: 400 * 86_400_000, absoluteMs: 400 * 86_400_000 };
  options.configure?.(config);
  const clock = new TestClock();
  // One clock for both: a test shows a form filled in 5 seconds by moving it.
  const ctx = { config, database, clock, stopwatch: clock };
  // Before the app: creating pg-boss's tables blocks PGlite's thread, which under-pressure would see.
  const jobs = options.jobs
    ? await startAppJobs(ctx, options.jobs === 'manual' ? { mode: 'manual' } : options.jobs)
    : null;
  const app = await buildApp(ctx, {
    serveWeb: options.serveWeb ?? false,
    logger: options.logger,
    extraRoutes: options.extraRoutes,
  });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    db: database.db,
    jobs,
    close: async () => {
      // Job handlers use the database: they stop first.
      await jobs?.stop();
      await app.close();
      await drop();
    },
  };
}
