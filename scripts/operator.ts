// Grants or takes away the operator flag on an existing account, on the database the server uses
// (DATABASE_URL, otherwise the PGlite folder DATA_DIR; stop a PGlite server first: one process at a time).
//
//   npm run operator -- promote NAME | demote NAME | list
// Exit code 1 when no user has that name, 2 on a wrong command.
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { runOperatorCommand } from '#server/features/operators/operator-command.ts';

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await migrateDatabase(database, config.databaseUrl);
    const { lines, exitCode } = await runOperatorCommand(database.db, process.argv.slice(2));
    for (const line of lines) (exitCode === 0 ? console.log : console.error)(line);
    return exitCode;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
