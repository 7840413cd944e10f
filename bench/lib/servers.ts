// Starting and stopping the servers under test, each in its own Node process.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_USER } from '#shared/demo.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on 127.0.0.1: listen on port 0, read it, close. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type ServerProcess = {
  name: string;
  pid: number;
  baseUrl: string;
  /** The last lines the process wrote, for error reports. */
  output(): string;
  stop(): Promise<void>;
};

const running = new Set<ServerProcess>();

/** Stops every server still running (used on SIGINT and on failure). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Variables that would change what is measured; the caller sets what it wants. */
const SCRUBBED_ENV = ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'TRUST_PROXY', 'PORT', 'HOST'];

/**
 * Runs `node --import tsx <script>` (no shell, so the PID is the server's own) on a free port; a built
 * script (dist/server/main.js) runs with `nodeArgs: []`, as in production.
 */
/** Node's flags for dist/server/main.js as `npm start` and the Dockerfile run it (see the README). */
export const PRODUCTION_NODE_ARGS: string[] = ['--max-semi-space-size=8'];

export async function startNodeServer(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = ['--import', 'tsx'],
  /**
   * Where the server's stdout goes instead of this process: a server logging every request at `info`
   * would otherwise make the load generator beside it read each line.
   */
  stdoutFile?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUBBED_ENV) delete childEnv[key];
  Object.assign(childEnv, env, { PORT: String(port), HOST: '127.0.0.1' });

  const stdoutFd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  if (child.pid === undefined) throw new Error(`${name}: could not start ${script}`);

  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const server: ServerProcess = {
    name,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => (stdoutFile === undefined ? tail : `${fileTail(stdoutFile)}${tail}`),
    stop: () => {
      running.delete(server);
      return stopChild(child);
    },
  };
  running.add(server);
  return server;
}

/** The last 4,000 bytes of a file (a log of every request can be large). */
function fileTail(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, 4000));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls GET `path` until it answers 200; fails when the process dies or the time is up. */
export async function waitUntilReady(
  server: ServerProcess,
  urlPath: string,
  timeoutMs = 60_000,
  pollMs = 200,
) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isRunning(server.pid))
      throw new Error(`${server.name} exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(server.baseUrl + urlPath, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(pollMs);
  }
  throw new Error(`${server.name} not ready after ${timeoutMs / 1000} s (${last}):\n${server.output()}`);
}

/** Signs in as the seeded demo user once (login is rate limited per IP) and returns the session id. */
export async function loginDemo(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USER.username, password: DEMO_USER.password }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${server.name}: login answered ${response.status}: ${text}`);
  const sessionId = (JSON.parse(text) as { sessionId?: unknown }).sessionId;
  if (typeof sessionId !== 'string' || !sessionId) throw new Error(`${server.name}: no sessionId in ${text}`);
  return sessionId;
}

export type ScratchDatabase = { url: string; name: string; drop(): Promise<void> };

/**
 * Creates `bench_<random>` on the local PostgreSQL, or returns the reason it is unreachable.
 * The admin URL uses trust auth, as on a developer machine.
 */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<ScratchDatabase | { skipped: string }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `PostgreSQL unreachable at ${adminUrl}: ${(error as Error).message}` };
  }
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
