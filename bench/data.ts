// Data-volume benchmark: GET /api/user/{id}/dashboard, GET /api/groups/{id} and its Escrow tab on PGlite and on
// PostgreSQL, on the demo data alone and on a large generated data set, beside a bare node:http
// server; then EXPLAIN (ANALYZE, BUFFERS) of the endpoints' SQL on PostgreSQL. Not a test.
//   npx tsx bench/data.ts   (env: BENCH_SECONDS=10, BENCH_CONNECTIONS=50, BENCH_ENGINES=pglite,postgres,
//                            BENCH_ANALYZE=true, BENCH_CPU_PROFILE=false,
//                            BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
// BENCH_CPU_PROFILE=true samples each server's CPU (bench/lib/cpu-profile-hook.mjs) and prints where it went
// (this slows the server down, so do not compare those figures with a run without it).

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { DEMO_USER } from '#shared/demo.ts';
import { cleanUp, deferCleanup } from './lib/cleanup.ts';
import {
  FILL_REPORT_PREFIX,
  type FillReport,
  fillLargeDataSet,
  LARGE_DATA_SET,
  MEASURED_USERNAME,
} from './lib/data-set.ts';
import {
  type Capture,
  captureQueries,
  compareGrowth,
  type ExplainedCapture,
  explainCaptures,
} from './lib/explain.ts';
import { saveGoals } from './lib/goals.ts';
import { announceRun, type LoadConfig, type Measurement, measure, type Target } from './lib/measure.ts';
import { type ProfileSummary, profilesIn, summarizeProfile } from './lib/profile.ts';
import {
  createScratchDatabase,
  REPO_ROOT,
  type ServerProcess,
  startNodeServer,
  waitUntilReady,
} from './lib/servers.ts';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Engine = 'pglite' | 'postgres';
type DataSet = 'small' | 'large';
type Endpoint = 'dashboard' | 'group' | 'escrow';
const ENDPOINTS = ['dashboard', 'group', 'escrow'] as const;
/** Large ÷ small is judged for these two (issue 18); the Escrow tab is measured against its floor. */
const GROWING_ENDPOINTS = ['dashboard', 'group'] as const;
const ROUTE_NAMES: Record<Endpoint, string> = {
  dashboard: 'GET /api/user/{id}/dashboard',
  group: 'GET /api/groups/{id}',
  escrow: 'GET /api/groups/{id}/escrow',
};
/** Which captured statements (bench/lib/explain.ts) are this endpoint's. */
const capturedFor = (endpoint: Endpoint, name: string) =>
  endpoint === 'dashboard'
    ? name.endsWith('/dashboard')
    : endpoint === 'escrow'
      ? name.startsWith('GET /api/groups/') && name.endsWith('/escrow')
      : name.startsWith('GET /api/groups/') && !name.endsWith('/escrow');

const GOALS = {
  /** Dashboard req/s ÷ bare node:http req/s, at 50 connections. */
  dashboardRatio: { postgres: 0.07, pglite: 0.015 } satisfies Record<Engine, number>,
  /** Mean latency on the large data set ÷ on the small one (issue 18). */
  latencyGrowth: 1.3,
  /** The route's req/s ÷ its SQL floor's, on PostgreSQL (issue 18). */
  floorRatio: 0.7,
};

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

const config: LoadConfig = {
  seconds: positiveNumber('BENCH_SECONDS', 10),
  warmupSeconds: 2,
  connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 50)),
};
const ANALYZE = process.env.BENCH_ANALYZE !== 'false';
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === 'true';
const PROFILE_HOOK = path.join(REPO_ROOT, 'bench/lib/cpu-profile-hook.mjs');
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres')
  .split(',')
  .map((e) => e.trim())
  .filter((e): e is Engine => e === 'pglite' || e === 'postgres');

// ---------------------------------------------------------------- cleanup (also on SIGINT)

let interrupted = false;
// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal, and relayed by the tsx
// launcher), and the default action on the second would cut the cleanup short.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers, dropping databases, removing folders…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function checkInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

/** `promise`, or a rejection after `ms` (a database close must not hold up the exit). */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- measuring

type Goal = { text: string; met: boolean } | null;

type Row = Measurement & {
  engine: Engine;
  dataSet: DataSet;
  endpoint: Endpoint;
  /** Who is signed in: the measured user, or the demo user as a control on the large data set. */
  as: string;
  control: boolean;
  responseBytes: number;
  /** PostgreSQL backends' CPU during the run (the server's pool connections); null on PGlite. */
  database: { cpu: number; usPerRequest: number } | null;
  /** Seconds since the server was ready; whether a worker pass (every 60 s) was due inside. */
  window: { fromS: number; toS: number; workerPass: boolean };
  ratio: number;
  goal: Goal;
  valid: boolean;
};

type Sample = Omit<Row, 'ratio' | 'goal' | 'valid'>;

/** utime + stime of a process in ms, from /proc (Linux); null when it is gone or elsewhere. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The server's connections to `database` (client backends); empty when the database is not PostgreSQL. */
async function backendPids(database: string | null): Promise<number[]> {
  if (!database) return [];
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [database],
    );
    return result.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** Warm-up, then the measured run, with the PostgreSQL backends' CPU sampled around the latter only. */
async function measureWithDatabase(target: Target, databaseName: string | null) {
  await measure(target, { ...config, seconds: config.warmupSeconds, warmupSeconds: 0 });
  const pids = await backendPids(databaseName);
  const before = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const started = performance.now();
  const measurement = await measure(target, { ...config, warmupSeconds: 0 });
  const wallMs = performance.now() - started;
  let cpuMs = 0;
  for (const [pid, cpu] of before) {
    const after = processCpuMs(pid);
    if (cpu !== null && after !== null) cpuMs += after - cpu;
  }
  const database =
    databaseName === null
      ? null
      : {
          cpu: (cpuMs / wallMs) * 100,
          usPerRequest: measurement.totalRequests ? (cpuMs * 1000) / measurement.totalRequests : 0,
        };
  return { measurement, database };
}

/** GET once: must answer 200 and satisfy `check`; the text becomes the body every response must equal. */
async function expectedBody(url: string, headers: Record<string, string>, check: (body: unknown) => boolean) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`preflight ${url} answered ${response.status}: ${text}`);
  if (!check(JSON.parse(text))) throw new Error(`preflight ${url}: unexpected body ${text.slice(0, 500)}`);
  return text;
}

type Session = { username: string; token: string; userId: number };

/** Signs in through the API (rate limited per IP, so once per user per server start). */
async function login(server: ServerProcess, username: string): Promise<Session> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_USER.password }),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${server.name}: login ${username} answered ${response.status}`);
  const body = JSON.parse(text) as { sessionId?: unknown; user?: { id?: unknown } };
  if (typeof body.sessionId !== 'string' || typeof body.user?.id !== 'number')
    throw new Error(`${server.name}: unexpected login answer for ${username}`);
  return { username, token: body.sessionId, userId: body.user.id };
}

type DashboardBody = {
  user?: { id?: number };
  groups?: Array<{ id: number; status: string; currentCycle: number }>;
};

/** The signed-in user's active circle with the longest history. */
async function activeGroupOf(server: ServerProcess, session: Session): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/user/${session.userId}/dashboard`, {
    headers: { authorization: session.token },
  });
  if (response.status !== 200) throw new Error(`dashboard of ${session.username}: HTTP ${response.status}`);
  const body = (await response.json()) as DashboardBody;
  const active = (body.groups ?? [])
    .filter((g) => g.status === 'active')
    .sort((a, b) => b.currentCycle - a.currentCycle || a.id - b.id);
  if (!active[0]) throw new Error(`${session.username} has no active circle`);
  return active[0].id;
}

type Plan = { session: Session; groupId: number; control: boolean };

async function measureEndpoints(
  server: AppServer,
  engine: Engine,
  dataSet: DataSet,
  plans: Plan[],
  databaseName: string | null,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const { session, groupId, control } of plans) {
    const headers = { authorization: session.token };
    const targets: Array<{ endpoint: Endpoint; url: string; check: (b: unknown) => boolean }> = [
      {
        endpoint: 'dashboard',
        url: `${server.baseUrl}/api/user/${session.userId}/dashboard`,
        check: (b) => (b as DashboardBody).user?.id === session.userId,
      },
      {
        endpoint: 'group',
        url: `${server.baseUrl}/api/groups/${groupId}`,
        check: (b) => (b as { group?: { id?: number } }).group?.id === groupId,
      },
      {
        endpoint: 'escrow',
        url: `${server.baseUrl}/api/groups/${groupId}/escrow`,
        check: (b) => Array.isArray((b as { escrows?: unknown }).escrows),
      },
    ];
    for (const t of targets) {
      checkInterrupted();
      // The previous target's queue drains first (and under-pressure's last sample ages out).
      await settle(server);
      const body = await expectedBody(t.url, headers, t.check);
      const name = ROUTE_NAMES[t.endpoint];
      console.log(`  ${server.name} ${dataSet}: ${name} as ${session.username} (${kb(body.length)} KB) …`);
      const windowStart = (performance.now() - server.readyAt) / 1000;
      const { measurement, database } = await measureWithDatabase(
        { name, url: t.url, headers, expectBody: body, serverPid: server.pid },
        databaseName,
      );
      const windowEnd = (performance.now() - server.readyAt) / 1000;
      // A pass due inside the window (warm-up included: its queue spills into the measured run).
      const workerPass = Math.ceil(windowStart / WORKER_INTERVAL_S) * WORKER_INTERVAL_S <= windowEnd;
      samples.push({
        ...measurement,
        engine,
        dataSet,
        endpoint: t.endpoint,
        as: session.username,
        control,
        responseBytes: Buffer.byteLength(body),
        database,
        window: { fromS: windowStart, toS: windowEnd, workerPass },
      });
    }
  }
  return samples;
}

type Floor = Measurement & {
  dataSet: DataSet;
  endpoint: Endpoint;
  database: { cpu: number; usPerRequest: number } | null;
};

/** The session lookup and its touch: answered from the session cache in the route (decision 0045). */
const SESSION_STATEMENT = /\b(from|update) "sessions"/;

/**
 * The floor for each read page: the statements the route ran for this person and circle (captured with
 * their parameters), run by a bare node:http + pg server on the same database under the same load.
 */
async function measureFloors(
  databaseUrl: string,
  databaseName: string | null,
  dataSet: DataSet,
  captures: Capture[],
): Promise<Floor[]> {
  const paths: Record<Endpoint, string> = { dashboard: '/dashboard', group: '/group', escrow: '/escrow' };
  const statements = Object.fromEntries(
    ENDPOINTS.map((endpoint) => {
      const capture = captures.find((c) => capturedFor(endpoint, c.name));
      if (!capture) throw new Error(`no captured statements for the ${endpoint}`);
      return [paths[endpoint], capture.queries.filter((q) => !SESSION_STATEMENT.test(q.sql))];
    }),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-floor-'));
  const removeDir = deferCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'statements.json');
  writeFileSync(file, JSON.stringify(statements));
  const server = await startNodeServer('SQL floor', 'bench/lib/sql-floor-server.ts', {
    BENCH_FLOOR_DATABASE_URL: databaseUrl,
    BENCH_FLOOR_STATEMENTS: file,
  });
  const floors: Floor[] = [];
  try {
    await waitUntilReady(server, '/api/health');
    for (const endpoint of ENDPOINTS) {
      checkInterrupted();
      const url = `${server.baseUrl}${paths[endpoint]}`;
      const body = await expectedBody(url, {}, (b) => b !== null);
      console.log(`  SQL floor ${dataSet}: ${endpoint} (${kb(body.length)} KB) …`);
      const { measurement, database } = await measureWithDatabase(
        { name: `SQL floor: ${endpoint}`, url, expectBody: body, serverPid: server.pid },
        databaseName,
      );
      floors.push({ ...measurement, dataSet, endpoint, database });
    }
  } finally {
    await server.stop();
    await removeDir();
  }
  return floors;
}

type Profiler = { env: Record<string, string>; collect(): ProfileSummary | null };

/** With BENCH_CPU_PROFILE, the server writes a V8 CPU profile into a temporary folder when it stops. */
function profiler(): Profiler {
  if (!CPU_PROFILE) return { env: {}, collect: () => null };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-prof-'));
  const remove = deferCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  return {
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROFILE_HOOK}`.trim(),
      BENCH_CPU_PROFILE_DIR: dir,
    },
    collect: () => {
      const file = profilesIn(dir).at(-1);
      const summary = file ? summarizeProfile(file) : null;
      void remove();
      return summary;
    },
  };
}

async function startApp(engine: Engine, env: Record<string, string>, profile: Profiler): Promise<AppServer> {
  const server = await startNodeServer(`SaveCircle (${engine})`, 'src/server/main.ts', {
    ...env,
    ...profile.env,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // The run is one person on many connections: the per-person read limits would refuse most of it.
    READS_PER_USER_PER_10_SECONDS: '0',
    READS_IN_FLIGHT_PER_USER: '0',
  });
  const started = performance.now();
  try {
    await waitUntilReady(server, '/api/health', 180_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const readyAt = performance.now();
  const settled = await settle(server);
  console.log(
    `  ${server.name} (pid ${server.pid}) ready in ${((readyAt - started) / 1000).toFixed(1)} s, ` +
      `settled ${settled.toFixed(1)} s later`,
  );
  return Object.assign(server, { readyAt });
}

/** The server runs a due-work pass at start and then every minute (pg-boss, src/server/jobs/app-jobs.ts). */
const WORKER_INTERVAL_S = 60;

/**
 * Waits until three health checks in a row answer 200 within 100 ms: the worker's first pass runs
 * right at start (on PGlite it blocks the event loop for a while on the large data set), and
 * the steady state is what is measured. Gives up after 60 s and measures anyway.
 */
async function settle(server: ServerProcess): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 3 && performance.now() - started < 60_000) {
    const before = performance.now();
    const response = await fetch(`${server.baseUrl}/api/health`).catch(() => null);
    await response?.arrayBuffer();
    quick = response?.status === 200 && performance.now() - before < 100 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return (performance.now() - started) / 1000;
}

type AppServer = ServerProcess & { readyAt: number };

/** Runs `fn` against a started server, stopping it afterwards and adding its output to any error. */
async function withServer<T>(server: ServerProcess, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const output = server.output().trim();
    throw new Error(`${(error as Error).message}${output ? `\n--- server output ---\n${output}` : ''}`);
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- one engine, both data sets

type EngineResult = {
  engine: Engine;
  skipped?: string;
  error?: string;
  samples: Sample[];
  /** PostgreSQL only: the same statements run by a bare node:http + pg server (bench/lib/sql-floor-server.ts). */
  floors?: Floor[];
  fill?: FillReport;
  profiles?: Partial<Record<DataSet, ProfileSummary | null>>;
  explain?: { small: ExplainedCapture[]; large: ExplainedCapture[] };
};

function announceFill() {
  console.log(
    `  generating the large data set (${LARGE_DATA_SET.users.toLocaleString('en')} users, ` +
      `${LARGE_DATA_SET.groups.toLocaleString('en')} circles) …`,
  );
}

/** PostgreSQL: fills through a pool of this process (the work happens in the database server). */
async function fillPostgres(url: string): Promise<FillReport> {
  announceFill();
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const close = deferCleanup(() => withTimeout(database.close(), 5000, 'closing the database'));
  try {
    await migrateDatabase(database, url);
    return await fillLargeDataSet(database, { analyze: ANALYZE, log: (line) => console.log(line) });
  } finally {
    await close();
  }
}

/** PGlite: fills in a child process (bench/lib/fill-pglite.ts), stopped by its PID on Ctrl-C. */
async function fillPglite(dataDir: string): Promise<FillReport> {
  announceFill();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/fill-pglite.ts', dataDir, String(ANALYZE)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const stop = deferCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL'); // it cannot act on SIGTERM while a statement runs; the folder is removed anyway
    await exited;
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  let report: FillReport | null = null;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith(FILL_REPORT_PREFIX)) report = JSON.parse(line.slice(FILL_REPORT_PREFIX.length));
    else console.log(line);
  }
  const [code, signal] = await exited;
  await stop();
  if (code !== 0 || !report) throw new Error(`the PGlite fill failed (exit ${code ?? signal}):\n${errors}`);
  return report;
}

async function runEngine(
  engine: Engine,
  env: Record<string, string>,
  databaseName: string | null,
  fillData: () => Promise<FillReport>,
  explain: ((captures: Capture[]) => Promise<ExplainedCapture[]>) | null,
  capture: ((session: Session, groupId: number, background: boolean) => Promise<Capture[]>) | null,
): Promise<EngineResult> {
  const result: EngineResult = { engine, samples: [], profiles: {}, floors: [] };
  const databaseUrl = env.DATABASE_URL ?? null;

  // 1. Almost empty: the demo data the server seeds at its first start.
  const smallProfile = profiler();
  const small = await startApp(engine, env, smallProfile);
  let demoGroup = 0;
  let smallCaptures: Capture[] = [];
  await withServer(small, async () => {
    const demo = await login(small, DEMO_USER.username);
    demoGroup = await activeGroupOf(small, demo);
    result.samples.push(
      ...(await measureEndpoints(
        small,
        engine,
        'small',
        [{ session: demo, groupId: demoGroup, control: false }],
        databaseName,
      )),
    );
    if (capture) smallCaptures = await capture(demo, demoGroup, true);
  });
  if (databaseUrl && smallCaptures.length > 0)
    result.floors!.push(...(await measureFloors(databaseUrl, databaseName, 'small', smallCaptures)));
  if (CPU_PROFILE) result.profiles!.small = smallProfile.collect();
  checkInterrupted();
  const smallExplained = explain ? await explain(smallCaptures) : [];

  // 2. Large: filled with the server stopped, then a fresh server start.
  result.fill = await fillData();
  checkInterrupted();
  const fillReport = result.fill;
  const largeProfile = profiler();
  const large = await startApp(engine, env, largeProfile);
  let largeCaptures: Capture[] = [];
  await withServer(large, async () => {
    const measured = await login(large, MEASURED_USERNAME);
    if (measured.userId !== fillReport.measuredUser.id)
      throw new Error(
        `${MEASURED_USERNAME} signed in as user ${measured.userId}, not ${fillReport.measuredUser.id}`,
      );
    const demo = await login(large, DEMO_USER.username);
    result.samples.push(
      ...(await measureEndpoints(
        large,
        engine,
        'large',
        [
          { session: measured, groupId: fillReport.measuredGroupId, control: false },
          { session: demo, groupId: demoGroup, control: true },
        ],
        databaseName,
      )),
    );
    if (capture) {
      largeCaptures = [
        ...(await capture(measured, fillReport.measuredGroupId, true)),
        ...(await capture(demo, demoGroup, false)).map((c) => ({ ...c, name: `${c.name} (demo user)` })),
      ];
    }
  });
  if (databaseUrl && largeCaptures.length > 0) {
    const measuredOnly = largeCaptures.filter((c) => !c.name.endsWith('(demo user)'));
    result.floors!.push(...(await measureFloors(databaseUrl, databaseName, 'large', measuredOnly)));
  }
  if (CPU_PROFILE) result.profiles!.large = largeProfile.collect();
  checkInterrupted();
  if (explain) {
    const largeExplained = await explain(largeCaptures);
    // The demo user's requests on both data sets: same rows wanted, so more work means a plan that scales.
    const demoSmall = smallExplained
      .filter((c) => !c.name.startsWith('worker'))
      .map((c) => ({ ...c, name: `${c.name} (demo user)` }));
    compareGrowth(demoSmall, largeExplained);
    result.explain = { small: smallExplained, large: largeExplained };
  }
  return result;
}

async function runPglite(): Promise<EngineResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-data-'));
  const removeDataDir = deferCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    return await runEngine('pglite', { DATA_DIR: dataDir }, null, () => fillPglite(dataDir), null, null);
  } finally {
    await removeDataDir();
  }
}

async function runPostgres(): Promise<EngineResult> {
  const database = await createScratchDatabase(POSTGRES_ADMIN_URL);
  if ('skipped' in database) return { engine: 'postgres', skipped: database.skipped, samples: [] };
  const dropDatabase = deferCleanup(database.drop);
  try {
    console.log(`  created database ${database.name}`);
    return await runEngine(
      'postgres',
      { DATABASE_URL: database.url },
      database.name,
      () => fillPostgres(database.url),
      (captures) => explainCaptures(database.url, captures),
      (session, groupId, background) =>
        captureQueries(database.url, { token: session.token, groupId }, { background }),
    );
  } finally {
    await dropDatabase();
    console.log(`  dropped database ${database.name}`);
  }
}

async function measureBare(when: string): Promise<Measurement> {
  const server = await startNodeServer('bare node:http', 'bench/lib/bare-server.ts', {});
  try {
    await waitUntilReady(server, '/api/health');
    const url = `${server.baseUrl}/api/health`;
    const body = await expectedBody(url, {}, (b) => (b as { status?: string }).status === 'ok');
    console.log(`  bare node:http (pid ${server.pid}) GET /api/health, ${when} …`);
    return await measure(
      { name: `bare node:http (${when})`, url, expectBody: body, serverPid: server.pid },
      config,
    );
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- printing

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toFixed(0)}%`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (goal: Goal) => (goal ? `${goal.met ? 'MET    ' : 'NOT MET'}  (${goal.text})` : '(no goal)');

function printTable(header: string[], lines: string[][], leftColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 && i >= widths.length
          ? cell
          : i < leftColumns
            ? cell.padEnd(widths[i] ?? 0)
            : cell.padStart(widths[i] ?? 0),
      )
      .join('  ');
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(format(line));
}

function printRows(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  printTable(
    [
      'target',
      'data',
      'as',
      'KB',
      'req/s',
      'p50 ms',
      'p99 ms',
      'mean ms',
      'non-2xx',
      'errors',
      'ratio',
      'srv CPU',
      'µs/req',
      'db CPU',
      'db µs/req',
      'gen CPU',
      'window s',
      'goal',
    ],
    rows.map((row) => [
      row.name,
      row.dataSet,
      row.control ? `${row.as} (control)` : row.as,
      kb(row.responseBytes),
      fixed(row.requestsPerSecond),
      fixed(row.latencyMs.p50),
      fixed(row.latencyMs.p99),
      fixed(row.latencyMs.average, 1),
      String(row.non2xx),
      String(row.errors + row.mismatches),
      fixed(row.ratio, 3),
      percent(row.cpu.server),
      row.serverCpuPerRequestUs === null ? '—' : fixed(row.serverCpuPerRequestUs),
      percent(row.database?.cpu),
      row.database ? fixed(row.database.usPerRequest) : '—',
      percent(row.cpu.loadGenerator),
      `${fixed(row.window.fromS)}–${fixed(row.window.toS)}${row.window.workerPass ? '*' : ' '}`,
      row.valid ? verdict(row.goal) : 'INVALID',
    ]),
    3,
  );
  console.log(
    '  window s: seconds after the server was ready (warm-up included); * = a worker pass (every 60 s) was due inside',
  );
  for (const row of rows) {
    for (const problem of row.problems)
      console.warn(`  WARNING ${row.engine} ${row.dataSet} ${row.name}: ${problem}; this row is invalid`);
    if (row.statusCodes['503']) {
      console.warn(
        `  (503 = @fastify/under-pressure: the event loop's mean delay over a 1 s sample passed 1 s` +
          `${row.window.workerPass ? ', here during a worker pass' : ''}; on PGlite queued queries run back to ` +
          'back as synchronous WASM on that loop, so 50 concurrent requests can stall it that long)',
      );
    }
  }
}

type Growth = {
  engine: Engine;
  endpoint: Endpoint;
  comparison: string;
  small: Row;
  large: Row;
  meanRatio: number;
  p50Ratio: number;
  p99Ratio: number;
  goal: Goal;
};

function growthOf(engine: Engine, endpoint: Endpoint, rows: Row[]): Growth[] {
  const find = (dataSet: DataSet, control: boolean) =>
    rows.find(
      (r) => r.engine === engine && r.endpoint === endpoint && r.dataSet === dataSet && r.control === control,
    );
  const small = find('small', false);
  const growth: Growth[] = [];
  for (const [large, comparison] of [
    [find('large', false), `${MEASURED_USERNAME} on large ÷ demo on small (the target)`],
    [find('large', true), 'demo on large ÷ demo on small (same rows, only the tables grew)'],
  ] as const) {
    if (!small || !large) continue;
    const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
    const meanRatio = ratio(large.latencyMs.average, small.latencyMs.average);
    growth.push({
      engine,
      endpoint,
      comparison,
      small,
      large,
      meanRatio,
      p50Ratio: ratio(large.latencyMs.p50, small.latencyMs.p50),
      p99Ratio: ratio(large.latencyMs.p99, small.latencyMs.p99),
      goal:
        small.valid && large.valid
          ? { text: `mean latency ratio ≤ ${GOALS.latencyGrowth}`, met: meanRatio <= GOALS.latencyGrowth }
          : null,
    });
  }
  return growth;
}

function printGrowth(growth: Growth[]) {
  console.log(
    '\nLatency, large ÷ small data set (at the same concurrency, so this is also the throughput loss)',
  );
  printTable(
    ['engine', 'endpoint', 'comparison', 'mean ms', 'p50 ratio', 'p99 ratio', 'mean ratio', 'goal'],
    growth.map((g) => [
      g.engine,
      g.endpoint,
      g.comparison,
      `${fixed(g.small.latencyMs.average, 1)} → ${fixed(g.large.latencyMs.average, 1)}`,
      fixed(g.p50Ratio, 2),
      fixed(g.p99Ratio, 2),
      fixed(g.meanRatio, 2),
      g.goal ? verdict(g.goal) : 'INVALID (a row is invalid)',
    ]),
    3,
  );
}

function printFill(engine: Engine, report: FillReport) {
  const c = report.counts;
  const n = (v: number) => v.toLocaleString('en');
  console.log(
    `\n${engine}: large data set built in ${report.seconds.toFixed(1)} s` +
      `${report.analyzeSeconds === null ? ' (no ANALYZE)' : ` (incl. VACUUM ANALYZE ${report.analyzeSeconds.toFixed(1)} s)`}: ` +
      `${n(c.users)} users, ${n(c.groups)} circles, ${n(c.group_members)} memberships, ${n(c.cycles)} cycles, ` +
      `${n(c.contributions)} contributions, ${n(c.payouts)} payouts, ${n(c.ledger_accounts)} ledger accounts, ` +
      `${n(c.ledger_transfers)} transfers, ${n(c.ledger_entries)} entries`,
  );
  const m = report.measuredUser;
  console.log(
    `  measured: ${m.username} (user ${m.id}) in ${m.groups} circles (${m.activeGroups} active), ` +
      `${m.contributions} contributions, ${m.ledgerTransfers} ledger transfers; circle ${report.measuredGroupId}`,
  );
}

function printProfiles(engine: Engine, profiles: EngineResult['profiles']) {
  for (const [dataSet, summary] of Object.entries(profiles ?? {})) {
    if (!summary) {
      console.log(`\n${engine} ${dataSet}: no CPU profile written`);
      continue;
    }
    console.log(
      `\nWhere the ${engine} server's CPU went (${dataSet} data set, whole life incl. start-up: ` +
        `${fixed(summary.totalMs / 1000, 1)} s; self time)`,
    );
    const share = (s: { name: string; ms: number; percent: number }) => [
      s.name.length > 90 ? `${s.name.slice(0, 87)}…` : s.name,
      fixed(s.ms),
      `${fixed(s.percent, 1)}%`,
    ];
    printTable(['area (self time)', 'ms', 'share'], summary.byArea.slice(0, 12).map(share));
    printTable(
      ['owner (native and node: work charged to its caller)', 'ms', 'share'],
      summary.byOwner.slice(0, 12).map(share),
    );
    printTable(['function', 'ms', 'share'], summary.byFunction.slice(0, 15).map(share));
  }
}

function printExplain(result: { small: ExplainedCapture[]; large: ExplainedCapture[] }) {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) on PostgreSQL, large data set (second run of each statement)');
  for (const capture of result.large) {
    console.log(`\n  ${capture.name}`);
    printTable(
      ['#', 'statement', 'ms', 'buffers', 'rows touched', 'rows out', 'findings'],
      capture.queries.map((q, i) => [
        String(i + 1),
        q.label.length > 70 ? `${q.label.slice(0, 67)}…` : q.label,
        q.explained ? fixed(q.executionMs + q.planningMs, 2) : '—',
        q.explained ? String(q.buffers) : '—',
        q.explained ? String(q.rowsTouched) : '—',
        q.explained ? String(q.resultRows) : 'write',
        q.findings.length ? q.findings.map((f) => f.kind).join(', ') : q.explained ? 'none' : '',
      ]),
      2,
    );
  }
  console.log('\n  The demo user on both data sets (same rows asked for): small → large');
  const lines: string[][] = [];
  for (const capture of result.small) {
    const large = result.large.find((c) => c.name === `${capture.name} (demo user)`);
    if (!large) continue;
    capture.queries.forEach((q, i) => {
      const l = large.queries[i];
      if (!q.explained || !l || l.sql !== q.sql) return;
      lines.push([
        ENDPOINTS.find((endpoint) => capturedFor(endpoint, capture.name)) ?? capture.name,
        q.label.length > 60 ? `${q.label.slice(0, 57)}…` : q.label,
        `${fixed(q.executionMs, 2)} → ${fixed(l.executionMs, 2)}`,
        `${q.buffers} → ${l.buffers}`,
        `${q.rowsTouched} → ${l.rowsTouched}`,
        `${q.resultRows} → ${l.resultRows}`,
      ]);
    });
  }
  printTable(['endpoint', 'statement', 'exec ms', 'buffers', 'rows touched', 'rows out'], lines, 2);

  const flagged = result.large.flatMap((capture) =>
    capture.queries.filter((q) => q.findings.length > 0).map((q) => ({ capture, q })),
  );
  console.log('\n  Findings (sequential scans of large tables, rows read and discarded, work that grows):');
  if (flagged.length === 0) console.log('    none');
  for (const { capture, q } of flagged) {
    console.log(`    ${capture.name}: ${q.label}`);
    for (const f of q.findings) console.log(`      - ${f.text}\n        fix: ${f.fix}`);
    console.log(q.plan.replace(/^/gm, '        | '));
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  const { cpus, loadBefore } = announceRun(
    'data-volume',
    config,
    'srv CPU / db CPU / gen CPU: server process, its PostgreSQL backends, load generator, % of one core; ' +
      'µs/req: CPU per request.\n',
  );

  let failed = false;
  const bare: Measurement[] = [];
  const engines: EngineResult[] = [];
  const measureBareOrReport = async (when: string) => {
    try {
      bare.push(await measureBare(when));
    } catch (error) {
      failed = true;
      console.error(`bare server (${when}) failed: ${(error as Error).message}`);
    }
  };

  await measureBareOrReport('before');
  for (const engine of ENGINES) {
    if (interrupted) return;
    try {
      engines.push(await (engine === 'pglite' ? runPglite() : runPostgres()));
    } catch (error) {
      if (interrupted) return;
      failed = true;
      engines.push({ engine, error: (error as Error).message, samples: [] });
    }
  }
  if (interrupted) return;
  await measureBareOrReport('after');
  if (interrupted) return;

  const validBare = bare.filter((m) => m.problems.length === 0);
  const bareRps = validBare.reduce((sum, m) => sum + m.requestsPerSecond, 0) / (validBare.length || 1);
  const bareRows = bare.map((m) => ({
    ...m,
    ratio: bareRps > 0 ? m.requestsPerSecond / bareRps : Number.NaN,
  }));
  const rows: Row[] = engines.flatMap((e) =>
    e.samples.map((s) => {
      const ratio = bareRps > 0 ? s.requestsPerSecond / bareRps : Number.NaN;
      const target = GOALS.dashboardRatio[s.engine];
      const goal: Goal =
        s.endpoint === 'dashboard' && !s.control ? { text: `ratio ≥ ${target}`, met: ratio >= target } : null;
      return { ...s, ratio, goal, valid: s.problems.length === 0 };
    }),
  );

  console.log(`\nBaseline (ratio reference = mean of these: ${fixed(bareRps)} req/s)`);
  printTable(
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'srv CPU', 'gen CPU', 'box busy'],
    bareRows.map((m) => [
      m.name,
      fixed(m.requestsPerSecond),
      fixed(m.latencyMs.p50),
      fixed(m.latencyMs.p99),
      String(m.non2xx),
      String(m.errors + m.mismatches),
      percent(m.cpu.server),
      percent(m.cpu.loadGenerator),
      percent(m.cpu.machineBusy),
    ]),
  );
  if (validBare.length === 2) {
    const [a, b] = validBare as [Measurement, Measurement];
    const spread = Math.abs(a.requestsPerSecond - b.requestsPerSecond) / bareRps;
    if (spread > 0.15)
      console.warn(
        `  WARNING: the two bare runs differ by ${(spread * 100).toFixed(0)}%; the machine is not quiet.`,
      );
  }

  const growth: Growth[] = [];
  for (const result of engines) {
    if (result.skipped) {
      console.log(`\n${result.engine}: skipped — ${result.skipped}`);
      continue;
    }
    if (result.error) {
      console.error(`\n${result.engine}: FAILED — ${result.error}`);
      continue;
    }
    if (result.fill) printFill(result.engine, result.fill);
    printRows(
      `SaveCircle on ${result.engine}`,
      rows.filter((r) => r.engine === result.engine),
    );
    if (CPU_PROFILE) printProfiles(result.engine, result.profiles);
    for (const endpoint of GROWING_ENDPOINTS) growth.push(...growthOf(result.engine, endpoint, rows));
  }
  if (growth.length > 0) printGrowth(growth);
  const floorComparisons = engines.flatMap((e) =>
    (e.floors ?? []).map((floor) => {
      const route = rows.find(
        (r) =>
          r.engine === e.engine && r.endpoint === floor.endpoint && r.dataSet === floor.dataSet && !r.control,
      );
      const ratio = route ? route.requestsPerSecond / floor.requestsPerSecond : Number.NaN;
      const valid = Boolean(route?.valid) && floor.problems.length === 0;
      return {
        floor,
        route,
        ratio,
        goal: valid ? { text: `route ÷ floor ≥ ${GOALS.floorRatio}`, met: ratio >= GOALS.floorRatio } : null,
      };
    }),
  );
  if (floorComparisons.length > 0) {
    console.log(
      '\nRead pages against their SQL floor (the same statements on bare node:http + pg), PostgreSQL',
    );
    printTable(
      [
        'endpoint',
        'data',
        'route req/s',
        'floor req/s',
        'floor µs/req',
        'floor db µs/req',
        'route ÷ floor',
        'floor ÷ bare',
        'goal',
      ],
      floorComparisons.map(({ floor, route, ratio, goal }) => [
        floor.endpoint,
        floor.dataSet,
        route ? fixed(route.requestsPerSecond) : '—',
        fixed(floor.requestsPerSecond),
        floor.serverCpuPerRequestUs === null ? '—' : fixed(floor.serverCpuPerRequestUs),
        floor.database ? fixed(floor.database.usPerRequest) : '—',
        fixed(ratio, 2),
        fixed(bareRps > 0 ? floor.requestsPerSecond / bareRps : Number.NaN, 3),
        goal ? verdict(goal) : 'INVALID',
      ]),
      2,
    );
  }
  const invalid = rows.some((row) => !row.valid) || bare.some((m) => m.problems.length > 0);
  if (invalid)
    console.warn('\nSome rows include failed responses; their figures do not describe successful requests.');

  const postgres = engines.find((e) => e.engine === 'postgres' && e.explain);
  if (postgres?.explain) printExplain(postgres.explain);

  const resultsDir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `data-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const json = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    loadAverageBefore: loadBefore,
    config: { ...config, analyze: ANALYZE, engines: ENGINES, cpuProfile: CPU_PROFILE },
    goals: GOALS,
    dataSet: LARGE_DATA_SET,
    bare: { referenceRequestsPerSecond: bareRps, runs: bareRows },
    engines: engines.map(({ samples: _, ...rest }) => ({
      ...rest,
      rows: rows.filter((r) => r.engine === rest.engine),
    })),
    latencyGrowth: growth.map(({ small: _s, large: _l, ...rest }) => rest),
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(REPO_ROOT, file)}`);
  saveGoals('data', [
    ...floorComparisons.flatMap(({ floor, ratio, goal }) =>
      goal
        ? [
            {
              target: `${floor.endpoint} on postgres, ${floor.dataSet} data, against its SQL floor`,
              measured: `${fixed(ratio, 2)}× the floor`,
              goal: goal.text,
              met: goal.met,
            },
          ]
        : [],
    ),
    ...rows.flatMap((row) =>
      row.goal && row.valid
        ? [
            {
              target: `${row.name} on ${row.engine}, ${row.dataSet} data`,
              measured: `${fixed(row.ratio, 3)}× bare`,
              goal: row.goal.text,
              met: row.goal.met,
            },
          ]
        : [],
    ),
    ...growth.flatMap((g) =>
      g.goal && g.comparison.endsWith('(the target)')
        ? [
            {
              target: `${g.endpoint} on ${g.engine}, large ÷ small`,
              measured: `${fixed(g.meanRatio, 2)}× mean latency`,
              goal: g.goal.text,
              met: g.goal.met,
            },
          ]
        : [],
    ),
  ]);
  if (failed || invalid) process.exitCode = 1;
}

try {
  await main();
} finally {
  if (!interrupted) await cleanUp();
}
