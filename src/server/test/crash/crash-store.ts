import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, type Engine, openDatabase } from '#server/db/client.ts';
import { adminQuery } from '#server/test/test-app.ts';

/**
 * Where the crashing server keeps its data, and how the test opens the same data itself once the
 * server is dead (a PGlite folder must never be open in two processes at once).
 */
export type CrashStore = {
  engine: Engine;
  /** The server's environment for this store. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
};

/** PGlite on a real folder, as `npm start` runs it. */
export function pgliteStore(): CrashStore {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'savecircle-crash-'));
  return {
    engine: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's; the server migrates it on its first start. */
export async function postgresStore(): Promise<CrashStore> {
  const name = `sc_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    engine: 'postgres',
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, poolSize: 2 }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** Opens the store from this process (the server must be dead), runs `fn`, and closes it again. */
export async function withStoreDatabase<T>(store: CrashStore, fn: (db: Database['db']) => Promise<T>) {
  const database = await store.open();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
