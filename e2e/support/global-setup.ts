import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in 60 s');
}

/** The built app and server on a fresh embedded database with the demo data, its own clock; stopped by its own PID. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'savecircle-e2e-'));
  const port = await freePort();
  // The bundle `npm run build` made, as `npm start` and production run it: no transpiling at start.
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      TEST_CLOCK: 'enabled',
      // Sandbox debits and payouts settle within seconds, so journeys can watch them land.
      SANDBOX_SETTLEMENT_SECONDS: '2',
      // Every journey signs its people up from this one address.
      REGISTER_PER_IP_PER_HOUR: '500',
      LOGIN_PER_IP_PER_MINUTE: '500',
      // Journeys click through pages far faster than people do.
      READS_PER_USER_PER_10_SECONDS: '300',
      // The journeys check what people see, not load shedding: on a busy CI machine the embedded
      // database's queries hold the event loop past the 1 s that would answer 503.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r).once('error', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A server that never became healthy is stopped too: left running, it would slow every later run.
  await waitForHealth(baseUrl, server).catch(async (error) => {
    await stop();
    throw error;
  });
  return { baseUrl, stop };
}

/**
 * One server per Playwright worker: journeys move their server's clock, so two running at once must
 * not share one. Worker i reads E2E_BASE_URL_i (playwright.config.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const started = await Promise.allSettled(Array.from({ length: config.workers }, startServer));
  const servers = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
  const failed = started.find((each) => each.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i}`] = server.baseUrl;
  });
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
