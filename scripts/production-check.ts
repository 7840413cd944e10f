// The Dockerfile's steps without Docker, then checks on the running production server:
//   1. a scratch copy of the project (the files git tracks or would add), `npm ci`, `npm run build`
//   2. a runtime copy holding package.json, the lockfile, drizzle/ and dist/ only, `npm ci --omit=dev`
//   3. `NODE_ENV=production node dist/server/main.js` on a free 127.0.0.1 port with a temporary PGlite
//      folder (and again on a fresh PostgreSQL database when TEST_DATABASE_URL is set), then checks:
//      health, the page and its assets served compressed, no demo account, a sign-up, a clean stop.
// Prints "N passed, N failed" and writes test-results/production-check.json (scripts/test-all.ts).
//
//   node --import tsx scripts/production-check.ts [--keep]
//   PRODUCTION_CHECK_NODE=/path/to/node   runs the server with another Node (e.g. 22)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { DEMO_USER } from '#shared/demo.ts';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const serverNode = process.env.PRODUCTION_CHECK_NODE || process.execPath;

type Check = { name: string; ok: boolean; detail?: string };
const checks: Check[] = [];

async function check(name: string, body: () => Promise<void> | void): Promise<boolean> {
  const started = Date.now();
  try {
    await body();
    checks.push({ name, ok: true });
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return true;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    checks.push({ name, ok: false, detail });
    console.log(`  ✗ ${name}\n      ${detail.split('\n').join('\n      ')}`);
    return false;
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A command in `cwd`; throws with its last output lines when it fails. */
function run(cwd: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${output}`);
  }
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'];

/** What a Docker build context holds: the tracked files and the untracked ones git would not ignore. */
function copyProject(to: string) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert(listed.status === 0, `git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the work tree
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    cpSync(from, path.join(to, file));
  }
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The reply's bytes as sent (node:http does not decompress, unlike fetch). */
type RequestOptions = { method?: string; headers?: Record<string, string>; body?: unknown };

/**
 * One request, asked again while the server sheds load (503 SERVICE_UNAVAILABLE, "try again shortly"),
 * as a client or a load balancer would: on a busy machine, one heavy reply (the OpenAPI document) can
 * hold the event loop past the limit, and the checks after it are not about load shedding.
 */
async function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    const reply = await requestOnce(url, options);
    const shedding = reply.status === 503 && decoded(reply).toString().includes('SERVICE_UNAVAILABLE');
    if (!shedding || attempt === 15) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function requestOnce(url: string, options: RequestOptions): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no reply from ${url} in 15 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

function decoded(reply: Reply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  assert(encoding === undefined, `unexpected content-encoding ${encoding}`);
  return reply.body;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type Server = { baseUrl: string; child: ChildProcess; output: string[] };

async function startServer(runtimeDir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // Only what an operator would set: nothing of this shell's (test) environment leaks in.
  const child = spawn(serverNode, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: runtimeDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BANK_FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keepLines = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', keepLines);
  child.stderr!.on('data', keepLines);
  const server = { baseUrl: `http://127.0.0.1:${port}`, child, output };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output.slice(-20).join('\n')}`);
    const reply = await request(`${server.baseUrl}/api/health`).catch(() => null);
    if (reply?.status === 200) return server;
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server not healthy in 120 s:\n${output.slice(-20).join('\n')}`);
}

/** SIGTERM to the server's own PID; it must close its connections and exit 0. */
async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    server.child.kill('SIGKILL');
    throw new Error('server did not stop within 20 s of SIGTERM');
  }
  assert(code === 0, `server exited with ${code} after SIGTERM`);
}

/** The same checks against a running production server. */
async function checkServer(label: string, server: Server, runtimeDir: string, engine: 'pglite' | 'postgres') {
  const url = (p: string) => `${server.baseUrl}${p}`;
  await check(`${label}: /api/health answers 200 with a request id`, async () => {
    const reply = await request(url('/api/health'), { headers: { 'x-request-id': 'production-check-1' } });
    assert(reply.status === 200, `status ${reply.status}`);
    assert(JSON.parse(decoded(reply).toString()).database === engine, `body ${reply.body}`);
    assert(reply.headers['x-request-id'] === 'production-check-1', 'x-request-id not echoed');
    assert(reply.headers['strict-transport-security'], 'no HSTS header in production');
  });

  let assets: string[] = [];
  await check(`${label}: the landing page and the app are served compressed, revalidated`, async () => {
    for (const page of ['/', '/dashboard']) {
      const reply = await request(url(page), { headers: { 'accept-encoding': 'br, gzip' } });
      assert(reply.status === 200, `${page}: status ${reply.status}`);
      assert(
        reply.headers['content-encoding'] === 'br',
        `${page}: content-encoding ${reply.headers['content-encoding']}`,
      );
      assert(
        reply.headers['cache-control'] === 'no-cache',
        `${page}: cache-control ${reply.headers['cache-control']}`,
      );
      const html = decoded(reply).toString();
      // "/" is the landing page drawn at build (decision 0046), an app route the app's index.html.
      if (page === '/')
        assert(html.includes('<div id="root" data-prerendered="en"'), '/: not the landing page');
      else
        assert(
          html === readFileSync(path.join(runtimeDir, 'dist/web/index.html'), 'utf8'),
          `${page}: not index.html`,
        );
      assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    }
    assert(
      assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')),
      'no script or style',
    );
  });

  await check(
    `${label}: hashed assets served as .br and .gz by Accept-Encoding, cached immutable`,
    async () => {
      for (const asset of assets) {
        const original = readFileSync(path.join(runtimeDir, 'dist/web', asset));
        for (const [accept, encoding] of [
          ['br', 'br'],
          ['gzip', 'gzip'],
          ['identity', undefined],
        ] as const) {
          const reply = await request(url(asset), { headers: { 'accept-encoding': accept } });
          assert(reply.status === 200, `${asset}: status ${reply.status}`);
          assert(
            reply.headers['content-encoding'] === encoding,
            `${asset} (${accept}): ${reply.headers['content-encoding']}`,
          );
          assert(/accept-encoding/i.test(String(reply.headers.vary)), `${asset}: no Vary: Accept-Encoding`);
          assert(/immutable/.test(String(reply.headers['cache-control'])), `${asset}: not immutable`);
          assert(decoded(reply).equals(original), `${asset} (${accept}): bytes differ from the build`);
        }
      }
      const sw = await request(url('/sw.js'), { headers: { 'accept-encoding': 'br' } });
      assert(sw.status === 200 && sw.headers['cache-control'] === 'no-cache', 'sw.js not revalidated');
    },
  );

  await check(`${label}: large JSON replies compressed, small ones not`, async () => {
    const docs = await request(url('/api/docs/json'), { headers: { 'accept-encoding': 'br, gzip' } });
    assert(docs.headers['content-encoding'] === 'br', `/api/docs/json: ${docs.headers['content-encoding']}`);
    JSON.parse(decoded(docs).toString());
    const health = await request(url('/api/health'), { headers: { 'accept-encoding': 'br, gzip' } });
    assert(health.headers['content-encoding'] === undefined, '/api/health compressed');
  });

  await check(`${label}: no demo account and no demo hint`, async () => {
    const config = await request(url('/api/public-config'));
    assert(JSON.parse(decoded(config).toString()).demoHint === false, `public config ${config.body}`);
    const login = await request(url('/api/auth/login'), {
      method: 'POST',
      body: { username: DEMO_USER.username, password: DEMO_USER.password },
    });
    assert(login.status === 401, `demo sign-in answered ${login.status}`);
  });

  await check(`${label}: a sign-up works and gets a Secure session cookie`, async () => {
    const id = randomBytes(4).toString('hex');
    const signUp = await request(url('/api/auth/register'), {
      method: 'POST',
      body: {
        username: `check${id}`,
        email: `check${id}@example.org`,
        fullName: 'Production Check',
        password: 'violet-harbor-2931',
      },
    });
    assert(signUp.status === 201, `sign-up answered ${signUp.status}: ${decoded(signUp)}`);
    const cookie = String(signUp.headers['set-cookie'] ?? '');
    assert(/sc_session=[^;]+;.*Secure/i.test(cookie) && /HttpOnly/i.test(cookie), `cookie ${cookie}`);
    const me = await request(url('/api/user'), { headers: { cookie: cookie.split(';')[0]! } });
    assert(me.status === 200, `/api/user answered ${me.status}`);
    assert(JSON.parse(decoded(me).toString()).username === `check${id}`, 'another user');
  });

  await check(`${label}: stops on SIGTERM with exit code 0 and logged no error`, async () => {
    await stopServer(server);
    const errors = server.output.filter((line) => /"level":(50|60)/.test(line));
    assert(errors.length === 0, `error lines:\n${errors.slice(0, 5).join('\n')}`);
  });
}

async function freshPostgresDatabase(adminUrl: string) {
  const name = `sc_prodcheck_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'savecircle-production-check-'));
  const buildDir = path.join(scratch, 'build');
  const runtimeDir = path.join(scratch, 'runtime');
  console.log(`production check in ${scratch} (server on ${serverNode}, ${process.version} for npm)`);
  const servers: Server[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const built =
      (await check('npm ci on a clean copy of the project', () => {
        copyProject(buildDir);
        run(buildDir, 'npm', ['ci', ...NPM_QUIET]);
      })) &&
      (await check('npm run build: web app and server into dist/', () => {
        run(buildDir, 'npm', ['run', 'build', '--silent']);
        assert(existsSync(path.join(buildDir, 'dist/server/main.js')), 'no dist/server/main.js');
        assert(existsSync(path.join(buildDir, 'dist/web/index.html.br')), 'no compressed index.html');
      })) &&
      (await check('runtime copy: npm ci --omit=dev with dist/ and drizzle/ only', () => {
        mkdirSync(runtimeDir);
        for (const item of ['package.json', 'package-lock.json', 'drizzle', 'dist'])
          cpSync(path.join(buildDir, item), path.join(runtimeDir, item), { recursive: true });
        run(runtimeDir, 'npm', ['ci', '--omit=dev', ...NPM_QUIET]);
        for (const devOnly of ['tsx', 'vite', 'esbuild', 'typescript', 'vitest'])
          assert(!existsSync(path.join(runtimeDir, 'node_modules', devOnly)), `${devOnly} installed`);
      }));
    if (!built) return;

    const dataDir = path.join(scratch, 'data');
    let pgliteServer: Server | undefined;
    if (
      await check('production start on PGlite (migrations from dist, no TypeScript loader)', async () => {
        pgliteServer = await startServer(runtimeDir, { DATA_DIR: dataDir });
        servers.push(pgliteServer);
      })
    )
      await checkServer('PGlite', pgliteServer!, runtimeDir, 'pglite');

    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      let pgServer: Server | undefined;
      if (
        await check('production start on a fresh PostgreSQL database', async () => {
          const database = await freshPostgresDatabase(adminUrl);
          cleanups.push(database.drop);
          pgServer = await startServer(runtimeDir, { DATABASE_URL: database.url });
          servers.push(pgServer);
        })
      )
        await checkServer('PostgreSQL', pgServer!, runtimeDir, 'postgres');
    }
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
    if (keep) console.log(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(
  path.join(root, 'test-results/production-check.json'),
  JSON.stringify({ passed, failed, checks }, null, 2),
);
console.log(`production-check: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
