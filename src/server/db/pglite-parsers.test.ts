import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import { driverClientOf } from './statement.ts';

// Arrays of the scalar types the app reads, as both drivers and drizzle answer them.
const arrays = `select array[1, 2]::int[] as ints, array['a', 'b c']::text[] as texts,
  array[true, false]::bool[] as flags, array['{"a": 1}']::jsonb[] as docs,
  array['2026-11-30']::date[] as days`;

describe.each(testEngines)('result parsers on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it.runIf(engine === 'pglite')(
    'keeps no parser for arrays of table or view rows, which every query copies',
    async () => {
      const client = (database.database.db as unknown as { $client: PGlite }).$client;
      const { rows } = await client.query<{ typarray: number }>(
        "select typarray::int as typarray from pg_type where typtype = 'c' and typarray <> 0",
      );
      expect(rows.length).toBeGreaterThan(100);
      const kept = new Set(Object.keys(client.parsers));
      expect(rows.filter((row) => kept.has(String(row.typarray)))).toEqual([]);
      // What a small query copies: the scalar types and their arrays.
      expect(kept.size).toBeLessThan(120);
    },
  );

  it('still parses arrays of scalar types, through the driver and through drizzle', async () => {
    const { db } = database.database;
    const expected = { ints: [1, 2], texts: ['a', 'b c'], flags: [true, false], docs: [{ a: 1 }] };
    const { rows } = await driverClientOf(db).query(arrays);
    expect(rows[0]).toMatchObject(expected);
    const viaDrizzle = await db.execute(sql.raw(arrays));
    expect((viaDrizzle as unknown as { rows: unknown[] }).rows[0]).toMatchObject({
      ...expected,
      // drizzle keeps arrays of dates as the text PostgreSQL sends, on both engines.
      days: '{2026-11-30}',
    });
  });
});
