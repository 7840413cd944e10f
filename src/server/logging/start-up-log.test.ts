import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
// Only in this test's database: the demo seed's first insert (every demo user, with password hashes) fails.
const refuseSeed = sql`alter table users add constraint sc_test_refused_seed check (username <> 'kwame')`;

/** A migrated database that refuses the demo seed; its location as the server's environment. */
async function refusingDatabase(
  engine: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-start-up-log-'));
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await database.db.execute(refuseSeed);
    await database.close();
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { database, databaseUrl, drop } = await createTestDatabase('postgres');
  await database.db.execute(refuseSeed);
  return { env: { DATABASE_URL: databaseUrl! }, drop };
}

/** Runs the real server until it exits; its exit code and everything it wrote. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: '', ...env, SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // A server that starts after all (the refusal did not bite) is stopped by its own PID.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.each(testEngines)('a start-up that fails on %s', (engine) => {
  it('logs the failed statement without its values and exits with 1', { timeout: 120_000 }, async () => {
    const target = await refusingDatabase(engine);
    try {
      const { code, output } = await runServer(target.env);
      expect(code, output).toBe(1);
      for (const leak of ['$argon2id$', 'Failing row contains', 'params', '@demo.savecircle.app'])
        expect(output).not.toContain(leak);
      const line = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((entry) => entry.msg === 'start-up failed');
      expect(line, output).toMatchObject({
        level: 60,
        err: { type: 'DrizzleQueryError', cause: { code: '23514', constraint: 'sc_test_refused_seed' } },
      });
    } finally {
      await target.drop();
    }
  });
});
