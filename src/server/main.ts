import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { AdjustableClock, systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { subscribeFeatures } from './feature-subscriptions.ts';
import { applyOperatorList } from './features/operators/operator-accounts.ts';
import { testClockRoutes } from './features/test-clock/routes.ts';
import { startAppJobs } from './jobs/app-jobs.ts';
import { createLogger } from './logging/logger.ts';
import { seedDemo } from './seed/demo.ts';

// Before anything can fail: a failed migration or seed is logged without the statement's values
// (Node's own report of an uncaught DrizzleQueryError would print them: password hashes, fingerprints).
const log = createLogger('info');
function fatal(err: unknown, msg: string) {
  log.fatal({ err }, msg);
  process.exit(1);
}
function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    // A wrong setting is the operator's to fix: say which, without a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

process.on('uncaughtException', (err) => fatal(err, 'uncaught exception'));
process.on('unhandledRejection', (err) => fatal(err, 'unhandled rejection'));

async function start() {
  const config = loadConfigOrExit();
  log.level = config.logLevel;
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database, config.databaseUrl);
  // OPERATOR_USERNAMES holds for accounts that already exist too, and a name taken off it loses the flag.
  const operators = await applyOperatorList(database.db, config.operatorUsernames);
  if (operators.promoted.length || operators.demoted.length)
    log.info(operators, 'operators from OPERATOR_USERNAMES');
  // The test-only clock control exists only when asked for, and never in production (config.ts).
  const testClock = config.testClock ? new AdjustableClock() : null;
  const ctx = { config, database, clock: testClock ?? systemClock, stopwatch: systemClock };
  // The demo seed runs features before the app starts: they subscribe to each other's events first.
  subscribeFeatures();
  if (config.seedDemo) await seedDemo(ctx);

  const app = await buildApp(ctx, {
    logger: log,
    extraRoutes: testClock ? [testClockRoutes(testClock)] : [],
  });

  // Due work, session sweeps and (on PGlite) ANALYZE run as pg-boss jobs on the app's database.
  const jobs = await startAppJobs(ctx, { mode: 'background', log: app.log });

  async function shutdown(signal: string) {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

await start().catch((err) => fatal(err, 'start-up failed'));
