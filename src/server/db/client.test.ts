import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from './client.ts';

// The README's advice for PostgreSQL on the same machine: its Unix socket, named by the URL's `host`.
const SOCKET_DIR = '/var/run/postgresql';
const testUrl = process.env.TEST_DATABASE_URL;
const socketFile = testUrl && `${SOCKET_DIR}/.s.PGSQL.${new URL(testUrl).port || 5432}`;
const socketUrl = () => {
  const url = new URL(testUrl!);
  url.searchParams.set('host', SOCKET_DIR);
  return url.toString();
};

describe.skipIf(!socketFile || !existsSync(socketFile))('PostgreSQL through its Unix socket', () => {
  it('is a DATABASE_URL the server accepts, and it reaches the database through the socket', async () => {
    expect(loadConfig({ DATABASE_URL: socketUrl() }).databaseUrl).toBe(socketUrl());
    const database = await openDatabase({ databaseUrl: socketUrl(), poolSize: 1 });
    try {
      // A socket connection has no client address.
      const result = await database.db.execute(sql`select inet_client_addr() as address`);
      expect((result as unknown as { rows: { address: string | null }[] }).rows).toEqual([{ address: null }]);
    } finally {
      await database.close();
    }
  });
});
