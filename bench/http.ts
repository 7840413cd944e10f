// Side-by-side HTTP benchmark: a bare node:http server, then SaveCircle on PGlite and on PostgreSQL,
// measured with autocannon in this process while each server runs in its own. Not a test.
//   npx tsx bench/http.ts   (env: BENCH_SECONDS=10, BENCH_CONNECTIONS=50, BENCH_WEB_DIR=dist/web,
//                            BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_DRAWINGS_AT_ONCE } from '#server/http/signed-in-pages.ts';
import { DEMO_USER } from '#shared/demo.ts';
import { type BundleReport, bundleReport } from './lib/bundle.ts';
import { cleanUp, deferCleanup } from './lib/cleanup.ts';
import { saveGoals } from './lib/goals.ts';
import { announceRun, type LoadConfig, type Measurement, measure } from './lib/measure.ts';
import {
  createScratchDatabase,
  loginDemo,
  REPO_ROOT,
  type ServerProcess,
  startNodeServer,
  waitUntilReady,
} from './lib/servers.ts';
import { fixed, type Goal, printTable, type Row } from './lib/table.ts';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WEB_DIR = path.resolve(REPO_ROOT, process.env.BENCH_WEB_DIR ?? 'dist/web');

// Issue 18's targets.
const GOALS = {
  healthRatio: 0.85,
  userRatioPostgres: 0.45,
  userP99MsPostgres: 15,
  userRatioPglite: 0.25,
  jsGzipKb: 150,
  cssGzipKb: 30,
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

// ---------------------------------------------------------------- cleanup (also on SIGINT)

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\ninterrupted; stopping servers…');
  void cleanUp().finally(() => process.exit(130));
});

// ---------------------------------------------------------------- rows and goals

type EngineResult = {
  engine: 'pglite' | 'postgres';
  skipped?: string;
  error?: string;
  measurements: Measurement[];
};

function goalFor(engine: string, target: string, m: Measurement, ratio: number): Goal {
  if (target === 'GET /api/health') {
    return { text: `ratio ≥ ${GOALS.healthRatio}`, met: ratio >= GOALS.healthRatio };
  }
  if (target === 'GET /api/user' && engine === 'postgres') {
    return {
      text: `ratio ≥ ${GOALS.userRatioPostgres}, p99 ≤ ${GOALS.userP99MsPostgres} ms`,
      met: ratio >= GOALS.userRatioPostgres && m.latencyMs.p99 <= GOALS.userP99MsPostgres,
    };
  }
  if (target === 'GET /api/user' && engine === 'pglite') {
    return { text: `ratio ≥ ${GOALS.userRatioPglite}`, met: ratio >= GOALS.userRatioPglite };
  }
  return null;
}

function toRow(engine: string, m: Measurement, bareRps: number): Row {
  const ratio = bareRps > 0 ? m.requestsPerSecond / bareRps : Number.NaN;
  return { ...m, ratio, goal: goalFor(engine, m.name, m, ratio), valid: m.problems.length === 0 };
}

function printBundle(report: BundleReport | null) {
  console.log('\nLanding page bundle (gzip -9, each file separately; KB = 1024 bytes)');
  if (!report) {
    console.log(`  ${path.relative(REPO_ROOT, WEB_DIR)}/index.html not found; run \`npx vite build\` first.`);
    return;
  }
  const line = (label: string, kb: number, goal: number) => {
    const bytes = Math.round(kb * 1024).toLocaleString('en');
    const verdict = kb <= goal ? 'MET' : 'NOT MET';
    console.log(
      `  ${label.padEnd(17)}${kb.toFixed(2).padStart(8)} KB (${bytes} B)  ${verdict} (≤ ${goal} KB)`,
    );
  };
  const list = (files: { file: string; gzipBytes: number }[]) =>
    files.map((f) => `${path.basename(f.file)} ${(f.gzipBytes / 1024).toFixed(1)}`).join(', ') || 'none';
  const { initial, landing } = report;
  line('initial JS', initial.jsGzipKb, GOALS.jsGzipKb);
  console.log(`                   ${list(initial.js)}`);
  line('initial CSS', initial.cssGzipKb, GOALS.cssGzipKb);
  console.log(`                   ${list(initial.css)}`);
  if (!landing.chunk) {
    console.log('  landing route chunk (landing-page-*.js) not found in assets/; landing total not computed');
    return;
  }
  line('landing total JS', landing.totalJsGzipKb, GOALS.jsGzipKb);
  console.log(`                   = initial + lazy ${path.basename(landing.chunk)} and its static imports:`);
  console.log(`                   ${list(landing.extraJs)}`);
  if (landing.extraCss.length > 0) console.log(`                   extra CSS: ${list(landing.extraCss)}`);
}

// ---------------------------------------------------------------- the runs

async function expectedBody(url: string, headers: Record<string, string>, check: (body: unknown) => boolean) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`preflight ${url} answered ${response.status}: ${text}`);
  if (!check(JSON.parse(text))) throw new Error(`preflight ${url}: unexpected body ${text}`);
  return text;
}

/** A server that answers {"status":"ok"} on GET /api/health: bare node:http, or Fastify alone. */
async function measureBaseline(label: string, script: string, when?: string): Promise<Measurement> {
  const server = await startNodeServer(label, script, {});
  try {
    await waitUntilReady(server, '/api/health');
    const url = `${server.baseUrl}/api/health`;
    const body = await expectedBody(url, {}, (b) => (b as { status?: string }).status === 'ok');
    const name = when ? `${label} (${when})` : label;
    console.log(`  ${name} (pid ${server.pid}) GET /api/health …`);
    return await measure({ name, url, expectBody: body, serverPid: server.pid }, config);
  } finally {
    await server.stop();
  }
}

const measureBare = (when: string) => measureBaseline('bare node:http', 'bench/lib/bare-server.ts', when);

/**
 * Health and the signed-in identity, from a server at its default log level (`info`: a line per
 * request, as deployed), its log written to a file.
 */
async function measureApp(engine: EngineResult['engine'], env: Record<string, string>) {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-log-'));
  const removeLogDir = deferCleanup(async () => rmSync(logDir, { recursive: true, force: true }));
  const server: ServerProcess = await startNodeServer(
    `SaveCircle (${engine})`,
    'src/server/main.ts',
    { ...env, SEED_DEMO: 'true' },
    undefined,
    path.join(logDir, 'server.log'),
  );
  try {
    const started = performance.now();
    await waitUntilReady(server, '/api/health');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  ${server.name} (pid ${server.pid}) ready in ${seconds} s`);
    const sessionId = await loginDemo(server);

    const healthUrl = `${server.baseUrl}/api/health`;
    const userUrl = `${server.baseUrl}/api/user`;
    const auth = { authorization: sessionId };
    // The engine in the health answer proves which database is really behind the server.
    const isEngine = (b: unknown) => (b as { database?: string }).database === engine;
    const isDemo = (b: unknown) => (b as { username?: string }).username === DEMO_USER.username;
    const healthBody = await expectedBody(healthUrl, {}, isEngine);
    const userBody = await expectedBody(userUrl, auth, isDemo);

    console.log(`  ${server.name} GET /api/health …`);
    const health = await measure(
      { name: 'GET /api/health', url: healthUrl, expectBody: healthBody, serverPid: server.pid },
      config,
    );
    console.log(`  ${server.name} GET /api/user …`);
    const user = await measure(
      { name: 'GET /api/user', url: userUrl, headers: auth, expectBody: userBody, serverPid: server.pid },
      config,
    );
    return [health, user];
  } catch (error) {
    const output = server.output().trim();
    throw new Error(`${(error as Error).message}${output ? `\n--- server output ---\n${output}` : ''}`);
  } finally {
    await server.stop();
    await removeLogDir();
  }
}

/**
 * The dashboard as JSON and as the page the server draws with it (decision 0048), side by side on a
 * server of their own whose per-person read limits are off: one person asks for it at full speed.
 */
async function measurePages(engine: EngineResult['engine'], env: Record<string, string>) {
  const server = await startNodeServer(`SaveCircle pages (${engine})`, 'src/server/main.ts', {
    ...env,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    READS_PER_USER_PER_10_SECONDS: '0',
    READS_IN_FLIGHT_PER_USER: '0',
  });
  try {
    await waitUntilReady(server, '/api/health');
    const sessionId = await loginDemo(server);
    const auth = { authorization: sessionId };
    const user = (await (await fetch(`${server.baseUrl}/api/user`, { headers: auth })).json()) as {
      id: number;
    };
    const jsonUrl = `${server.baseUrl}/api/user/${user.id}/dashboard`;
    const jsonBody = await expectedBody(jsonUrl, auth, (b) => typeof b === 'object' && b !== null);
    const pageUrl = `${server.baseUrl}/dashboard`;
    const cookie = { cookie: `sc_session=${sessionId}; sc_signed_in=1` };
    const page = await fetch(pageUrl, { headers: cookie });
    const pageBody = await page.text();
    if (page.headers.get('cache-control') !== 'private, no-store')
      throw new Error(`${pageUrl} was not drawn by the server (dist/renderer built?)`);
    console.log(`  ${server.name} GET /api/user/{id}/dashboard …`);
    const json = await measure(
      {
        name: 'GET /api/user/{id}/dashboard',
        url: jsonUrl,
        headers: auth,
        expectBody: jsonBody,
        serverPid: server.pid,
      },
      config,
    );
    // As many at once as the server draws (MAX_DRAWINGS_AT_ONCE): past that it sends the plain page.
    console.log(`  ${server.name} GET /dashboard (drawn page), ${MAX_DRAWINGS_AT_ONCE} connections …`);
    const drawn = await measure(
      {
        name: `GET /dashboard (drawn page, ${MAX_DRAWINGS_AT_ONCE} conn.)`,
        url: pageUrl,
        headers: cookie,
        expectBody: pageBody,
        serverPid: server.pid,
      },
      { ...config, connections: MAX_DRAWINGS_AT_ONCE },
    );
    return [json, drawn];
  } finally {
    await server.stop();
  }
}

async function runPglite(): Promise<EngineResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-'));
  const removeDataDir = deferCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const measurements = await measureApp('pglite', { DATA_DIR: dataDir });
    rmSync(dataDir, { recursive: true, force: true });
    return {
      engine: 'pglite',
      measurements: [...measurements, ...(await measurePages('pglite', { DATA_DIR: dataDir }))],
    };
  } finally {
    await removeDataDir();
  }
}

async function runPostgres(): Promise<EngineResult> {
  const database = await createScratchDatabase(POSTGRES_ADMIN_URL);
  if ('skipped' in database) return { engine: 'postgres', skipped: database.skipped, measurements: [] };
  const dropDatabase = deferCleanup(database.drop);
  try {
    console.log(`  created database ${database.name}`);
    const env = { DATABASE_URL: database.url };
    return {
      engine: 'postgres',
      measurements: [...(await measureApp('postgres', env)), ...(await measurePages('postgres', env))],
    };
  } finally {
    await dropDatabase();
    console.log(`  dropped database ${database.name}`);
  }
}

async function main() {
  const startedAt = new Date();
  const { cpus, loadBefore } = announceRun(
    'HTTP',
    config,
    'srv CPU / gen CPU: server and load generator, % of one core; µs/req: server CPU per request; ' +
      'box busy: all cores.\n',
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
  // The framework's own floor, for reading the app's ratio: not part of the reference.
  let framework: Measurement | null = null;
  try {
    framework = await measureBaseline('Fastify alone', 'bench/lib/bare-fastify-server.ts');
  } catch (error) {
    failed = true;
    console.error(`Fastify alone failed: ${(error as Error).message}`);
  }
  for (const [engine, run] of [
    ['pglite', runPglite],
    ['postgres', runPostgres],
  ] as const) {
    if (interrupted) return;
    try {
      engines.push(await run());
    } catch (error) {
      failed = true;
      engines.push({ engine, error: (error as Error).message, measurements: [] });
    }
  }
  if (interrupted) return;
  await measureBareOrReport('after');
  if (interrupted) return;

  // The reference is the mean of the bare runs before and after, so drift during the run shows.
  const validBare = bare.filter((m) => m.problems.length === 0);
  const bareRps = validBare.reduce((sum, m) => sum + m.requestsPerSecond, 0) / (validBare.length || 1);
  const bareRows = [...bare, ...(framework ? [framework] : [])].map((m) => ({
    ...toRow('bare', m, bareRps),
    goal: null,
  }));
  const engineRows = engines.map((result) => ({
    ...result,
    rows: result.measurements.map((m) => toRow(result.engine, m, bareRps)),
  }));

  printTable(
    `Baseline (ratio reference = mean of the bare node:http runs: ${fixed(bareRps)} req/s)`,
    bareRows,
  );
  if (validBare.length === 2) {
    const [a, b] = validBare as [Measurement, Measurement];
    const spread = Math.abs(a.requestsPerSecond - b.requestsPerSecond) / bareRps;
    if (spread > 0.15) {
      console.warn(
        `  WARNING: the two bare runs differ by ${(spread * 100).toFixed(0)}%; the machine is not quiet.`,
      );
    }
  }
  for (const result of engineRows) {
    if (result.skipped) console.log(`\n${result.engine}: skipped — ${result.skipped}`);
    else if (result.error) console.error(`\n${result.engine}: FAILED — ${result.error}`);
    else printTable(`SaveCircle on ${result.engine}`, result.rows);
  }
  const invalid = [...bareRows, ...engineRows.flatMap((e) => e.rows)].some((row) => !row.valid);
  if (invalid) {
    console.warn('\nSome rows include failed responses; their figures do not describe successful requests.');
  }

  const bundle = bundleReport(WEB_DIR);
  printBundle(bundle);

  const resultsDir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `http-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const json = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    loadAverageBefore: loadBefore,
    config,
    goals: GOALS,
    bare: { referenceRequestsPerSecond: bareRps, runs: bareRows },
    engines: engineRows.map(({ measurements: _, ...rest }) => rest),
    bundle,
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(REPO_ROOT, file)}`);
  saveGoals(
    'http',
    engineRows.flatMap((e) =>
      e.rows.flatMap((row) =>
        row.goal && row.valid
          ? [
              {
                target: `${row.name} on ${e.engine}`,
                measured: `${fixed(row.ratio, 2)}× bare, p99 ${fixed(row.latencyMs.p99)} ms`,
                goal: row.goal.text,
                met: row.goal.met,
              },
            ]
          : [],
      ),
    ),
  );
  if (failed || invalid) process.exitCode = 1;
}

try {
  await main();
} finally {
  if (!interrupted) await cleanUp();
}
