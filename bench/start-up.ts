// The embedded default's start-up and memory (issue 18): how long the production build takes to answer
// /api/health when restarted on an existing database, how much memory it holds idle, and how much more
// under the dashboard's load, and how long a request that reads no table waits during that load, on PGlite
// and on PostgreSQL. Not a test: it reports, it never fails on a figure.
//   npm run build && npm run bench:start-up   (env: BENCH_RESTARTS=3, BENCH_IDLE_SECONDS=10,
//                                              BENCH_SETTLED_SECONDS=60, BENCH_SECONDS=10, BENCH_CONNECTIONS=50,
//                                              BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanUp, deferCleanup } from './lib/cleanup.ts';
import { type GoalLine, saveGoals } from './lib/goals.ts';
import { measure } from './lib/measure.ts';
import {
  createScratchDatabase,
  loginDemo,
  PRODUCTION_NODE_ARGS,
  REPO_ROOT,
  type ServerProcess,
  startNodeServer,
  waitUntilReady,
} from './lib/servers.ts';
import { percentile } from './lib/stats.ts';
import { fixed } from './lib/table.ts';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
// V8's memory reducer gives back the young generation start-up grew after some 30-45 s of quiet.
const SETTLED_SECONDS = Number(process.env.BENCH_SETTLED_SECONDS ?? 60);
const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: 2,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results/start-up.json');

export const GOALS = {
  startSeconds: 3,
  idleMb: { pglite: 300, postgres: 150 },
  loadedToIdle: 1.5,
};

/**
 * A request that reads no table, asked by a process of its own while the dashboard is under load: on
 * PGlite every statement runs on the server's one thread, and this shows how long such a request waits
 * for them. Issue 18: no longer than the statement itself, so at most the dashboard's own time alone.
 */
const UNRELATED_PATH = '/api/public-config';
const DASHBOARD_ALONE_REQUESTS = 200;

type Engine = 'pglite' | 'postgres';
type EngineResult = {
  engine: Engine;
  /** Seconds from spawning the process to the first 200 from /api/health, one per restart. */
  startSeconds: number[];
  idleMb: number;
  /** Resident memory after SETTLED_SECONDS of quiet: what a quiet server holds. Reported, not judged. */
  settledMb: number;
  /** The highest resident memory seen while the dashboard was under load. */
  loadedMb: number;
  dashboardRequestsPerSecond: number;
  /** The dashboard asked alone, one request at a time: its median latency in ms. */
  dashboardAloneMs: number;
  /** UNRELATED_PATH's latencies during the dashboard's load. */
  unrelated: { p50Ms: number; p99Ms: number; count: number };
};

process.once('SIGINT', () => {
  console.error('\ninterrupted; stopping the servers…');
  void cleanUp().finally(() => process.exit(130));
});

const residentMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

async function startProductionServer(engine: Engine, env: Record<string, string>) {
  const startedAt = performance.now();
  const server = await startNodeServer(
    `SaveCircle (${engine})`,
    'dist/server/main.js',
    env,
    PRODUCTION_NODE_ARGS,
  );
  // Asked every 20 ms: the default 200 ms would round the figure up.
  await waitUntilReady(server, '/api/health', 120_000, 20);
  return { server, seconds: (performance.now() - startedAt) / 1000 };
}

async function measureEngine(engine: Engine, env: Record<string, string>): Promise<EngineResult> {
  // The first start migrates and seeds; the restarts are what `npm start` does on a second day.
  const first = await startProductionServer(engine, env);
  await first.server.stop();
  const startSeconds: number[] = [];
  let server: ServerProcess | null = null;
  for (let i = 0; i < RESTARTS; i++) {
    await server?.stop();
    const restarted = await startProductionServer(engine, env);
    server = restarted.server;
    startSeconds.push(restarted.seconds);
  }
  if (!server) throw new Error('BENCH_RESTARTS must be at least 1');

  await sleep(IDLE_SECONDS * 1000);
  const idleMb = residentMb(server.pid);
  await sleep(Math.max(0, SETTLED_SECONDS - IDLE_SECONDS) * 1000);
  const settledMb = residentMb(server.pid);
  const sessionId = await loginDemo(server);
  const user = (await (
    await fetch(`${server.baseUrl}/api/user`, { headers: { authorization: `Bearer ${sessionId}` } })
  ).json()) as { id: string };
  const dashboardUrl = `${server.baseUrl}/api/user/${user.id}/dashboard`;
  const headers = { authorization: `Bearer ${sessionId}` };
  const alone: number[] = [];
  for (let i = 0; i < DASHBOARD_ALONE_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(dashboardUrl, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`the dashboard alone answered ${response.status}`);
    alone.push(performance.now() - started);
  }
  // From the end of the warm-up to a second before the end of the load.
  const probe = startProbe(
    `${server.baseUrl}${UNRELATED_PATH}`,
    LOAD.warmupSeconds * 1000,
    (LOAD.seconds - 1) * 1000,
  );
  let loadedMb = idleMb;
  const sampler = setInterval(() => {
    loadedMb = Math.max(loadedMb, residentMb(server.pid));
  }, 200);
  const load = await measure(
    {
      name: 'dashboard',
      url: dashboardUrl,
      headers,
      serverPid: server.pid,
    },
    LOAD,
  ).finally(() => clearInterval(sampler));
  if (load.problems.length > 0)
    console.warn(`  WARNING ${engine} dashboard load: ${load.problems.join('; ')}`);
  const unrelated = await probe;
  await server.stop();
  return {
    engine,
    startSeconds,
    idleMb,
    settledMb,
    loadedMb,
    dashboardRequestsPerSecond: load.requestsPerSecond,
    dashboardAloneMs: percentile(alone, 50),
    unrelated: {
      p50Ms: percentile(unrelated, 50),
      p99Ms: percentile(unrelated, 99),
      count: unrelated.length,
    },
  };
}

/** bench/lib/latency-probe.ts in a process of its own; resolves to its latencies in ms. */
async function startProbe(url: string, startAfterMs: number, durationMs: number): Promise<number[]> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/latency-probe.ts', url, String(startAfterMs), String(durationMs)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the latency probe exited with ${code}`);
  return JSON.parse(output) as number[];
}

const unrelatedMet = (r: EngineResult) => r.unrelated.p50Ms <= r.dashboardAloneMs;
const verdict = (met: boolean, text: string) => `${met ? 'MET    ' : 'NOT MET'}  (${text})`;
const median = (values: number[]) => percentile(values, 50);

function goalLines(r: EngineResult): GoalLine[] {
  const start = median(r.startSeconds);
  const growth = r.loadedMb / r.idleMb;
  return [
    {
      target: `restart to /api/health on ${r.engine}`,
      measured: `${fixed(start, 2)} s (median)`,
      goal: `≤ ${GOALS.startSeconds} s`,
      met: start <= GOALS.startSeconds,
    },
    {
      target: `resident memory idle on ${r.engine}`,
      measured: `${fixed(r.idleMb)} MB`,
      goal: `≤ ${GOALS.idleMb[r.engine]} MB`,
      met: r.idleMb <= GOALS.idleMb[r.engine],
    },
    {
      target: `resident memory under dashboard load on ${r.engine}`,
      measured: `${fixed(growth, 2)}× idle`,
      goal: `≤ ${GOALS.loadedToIdle}× idle`,
      met: growth <= GOALS.loadedToIdle,
    },
    // PostgreSQL runs statements in its own processes: there the figure is the CPU's queue, reported only.
    ...(r.engine === 'pglite'
      ? [
          {
            target: `a request that reads no table, during the dashboard's load on ${r.engine}`,
            measured: `p50 ${fixed(r.unrelated.p50Ms, 1)} ms, p99 ${fixed(r.unrelated.p99Ms, 1)} ms`,
            goal: `p50 ≤ the dashboard alone (${fixed(r.dashboardAloneMs, 1)} ms)`,
            met: unrelatedMet(r),
          },
        ]
      : []),
  ];
}

function printTable(results: EngineResult[]) {
  console.log(
    `\nStart-up and memory of the production build (restarted ${RESTARTS}× on an existing database; ` +
      `memory idle after ${IDLE_SECONDS} s, then the dashboard at ${LOAD.connections} connections)`,
  );
  for (const r of results) {
    const start = median(r.startSeconds);
    const idleGoal = GOALS.idleMb[r.engine];
    const growth = r.loadedMb / r.idleMb;
    console.log(`${r.engine}:`);
    console.log(
      `  start to /api/health  ${r.startSeconds.map((s) => fixed(s, 2)).join(', ')} s (median ${fixed(start, 2)})  ` +
        verdict(start <= GOALS.startSeconds, `≤ ${GOALS.startSeconds} s`),
    );
    console.log(
      `  resident idle         ${fixed(r.idleMb)} MB  ${verdict(r.idleMb <= idleGoal, `≤ ${idleGoal} MB`)}`,
    );
    console.log(
      `  resident settled      ${fixed(r.settledMb)} MB after ${SETTLED_SECONDS} s of quiet (reported)`,
    );
    console.log(
      `  resident under load   ${fixed(r.loadedMb)} MB = ${fixed(growth, 2)}× idle  ` +
        verdict(growth <= GOALS.loadedToIdle, `≤ ${GOALS.loadedToIdle}× idle`) +
        `  (dashboard ${fixed(r.dashboardRequestsPerSecond)} req/s)`,
    );
    console.log(
      `  ${UNRELATED_PATH} under load  p50 ${fixed(r.unrelated.p50Ms, 1)} ms, p99 ${fixed(r.unrelated.p99Ms, 1)} ms ` +
        `(${r.unrelated.count} asked); the dashboard alone ${fixed(r.dashboardAloneMs, 1)} ms  ` +
        (r.engine === 'pglite'
          ? verdict(unrelatedMet(r), 'p50 ≤ the dashboard alone')
          : "(reported: the machine's CPU is the queue)"),
    );
  }
}

async function main() {
  if (!existsSync(path.join(REPO_ROOT, 'dist/server/main.js'))) {
    console.error('no production build in dist/: run `npm run build` first (this benchmark builds nothing)');
    process.exitCode = 1;
    return;
  }
  const common = {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    BANK_FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // The load is one person on many connections: the per-person read limits would refuse most of it.
    READS_PER_USER_PER_10_SECONDS: '0',
    READS_IN_FLIGHT_PER_USER: '0',
  };
  const results: EngineResult[] = [];

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-start-'));
  deferCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  results.push(await measureEngine('pglite', { ...common, DATA_DIR: dataDir }));

  const scratch = await createScratchDatabase(POSTGRES_ADMIN_URL);
  if ('skipped' in scratch) console.warn(`postgres: ${scratch.skipped}`);
  else {
    deferCleanup(scratch.drop);
    results.push(await measureEngine('postgres', { ...common, DATABASE_URL: scratch.url }));
  }

  printTable(results);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify({ measuredAt: new Date().toISOString(), goals: GOALS, load: LOAD, results }, null, 2),
  );
  console.log(`\nresults: ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  saveGoals('start-up', results.flatMap(goalLines));
}

try {
  await main();
} finally {
  await cleanUp();
}
