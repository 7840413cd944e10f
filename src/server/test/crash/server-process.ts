import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundleServer } from '../../../../scripts/lib/bundle-server.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../../..');

export function freePort(): Promise<number> {
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

/** The real server (src/server/main.ts, bundled) in its own process, killed by its PID. */
export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** SIGKILL: no shutdown hook, no flush, no goodbye; resolves when the process is gone. */
  kill(): Promise<void>;
  /** The last lines the server wrote, for a failure message. */
  output(): string;
};

const running = new Set<ChildProcess>();

let bundled: Promise<string> | undefined;
/**
 * The server from this checkout's source, bundled once per test process as the production build does:
 * it starts in about half the time of `--import tsx`, over the crash test's forty starts.
 */
function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const outfile = path.join(projectRoot, '.tmp', `test-server-${process.pid}`, 'main.js');
    await bundleServer(outfile);
    process.once('exit', () => rmSync(path.dirname(outfile), { recursive: true, force: true }));
    return outfile;
  })();
  return bundled;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function killChild(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited(child);
  running.delete(child);
}

/** Kills every server this module started and has not seen die (for afterAll, also after a failure). */
export async function killAllServers() {
  await Promise.all([...running].map(killChild));
}

/**
 * Starts the server on 127.0.0.1 with `env` on top of this process's environment, and waits until
 * /api/health answers 200. Start-up time is measured by the caller: PGlite's is seconds, not millis.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const [port, entry] = await Promise.all([freePort(), serverBundle()]);
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: projectRoot,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 30));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    kill: () => killChild(child),
    output: () => lines.join('\n'),
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) during start-up:\n${server.output()}`,
      );
    }
    try {
      const reply = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (reply.ok) return server;
    } catch {}
    await sleep(50);
  }
  await server.kill();
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
}
