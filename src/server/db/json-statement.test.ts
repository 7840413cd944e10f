import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import type { Db } from './client.ts';
import { jsonStatement } from './json-statement.ts';
import { users } from './schema.ts';

const echo = jsonStatement<{ id: number; text: string }, { id: number; text: string; found: boolean }>(
  'json_statement_echo',
  (db) =>
    db
      .select({
        data: sql<{
          id: number;
          text: string;
          found: boolean;
        }>`json_build_object('id', ${sql.placeholder('id')}::int,
          'text', ${sql.placeholder('text')}::text, 'found', ${users.id} is not null)`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(users, eq(users.id, sql`${sql.placeholder('id')}::int`)),
);

const missing = jsonStatement<{ id: number }, number>('json_statement_missing', (db) =>
  db
    .select({ data: sql<number>`${users.id}` })
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);

describe.each(testEngines)('jsonStatement on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('passes parameters through unchanged, quotes and backslashes included, call after call', async () => {
    for (const text of ["O'Brien", 'back\\slash', "'; drop table users; --", '€ and 日本', '']) {
      expect(await echo(database.database.db, { id: 7, text })).toEqual({ id: 7, text, found: false });
    }
  });

  it('answers undefined when there is no row', async () => {
    expect(await missing(database.database.db, { id: 123_456 })).toBeUndefined();
  });

  it('refuses a parameter it cannot write safely', async () => {
    await expect(echo(database.database.db, { id: 1.5, text: 'x' })).rejects.toThrow();
  });

  it.runIf(engine === 'pglite')(
    'works through a second drizzle instance on the same PGlite session',
    async () => {
      const client = (database.database.db as unknown as { $client: object }).$client;
      const second = drizzle(client as never) as unknown as Db;
      expect(await echo(second, { id: 2, text: 'again' })).toEqual({ id: 2, text: 'again', found: false });
    },
  );
});
