import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import type { Db } from './client.ts';
import { prepared } from './prepared.ts';
import * as schema from './schema.ts';
import { productEvents } from './schema.ts';

const recordEvent = prepared<{ name: string; at: Date }, { id: number; name: string; occurredAt: Date }[]>(
  'prepared_test_record_event',
  (db) =>
    db
      .insert(productEvents)
      .values({ name: sql.placeholder('name'), occurredAt: sql.placeholder('at') })
      .returning({ id: productEvents.id, name: productEvents.name, occurredAt: productEvents.occurredAt }),
);

const eventsNamed = prepared<{ name: string }, { id: number }[]>('prepared_test_events_named', (db) =>
  db
    .select({ id: productEvents.id })
    .from(productEvents)
    .where(eq(productEvents.name, sql.placeholder('name'))),
);

describe.each(testEngines)('a statement built once, on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('runs inside the transaction it is given: a rollback takes its write with it', async () => {
    const { db } = database.database;
    const at = new Date('2026-11-30T12:34:56.789Z');
    const rolledBack = db.transaction(async (tx) => {
      const [row] = await recordEvent(tx, { name: 'sign_up', at });
      expect(row).toMatchObject({ name: 'sign_up', occurredAt: at });
      // Seen by its own transaction, as a statement on another connection would not be.
      expect(await eventsNamed(tx, { name: 'sign_up' })).toHaveLength(1);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await eventsNamed(db, { name: 'sign_up' })).toEqual([]);
  });

  it('runs on the database handle and in transaction after transaction with new values each time', async () => {
    const { db } = database.database;
    for (const name of ['contribution', 'create_group', 'contribution']) {
      await db.transaction((tx) => recordEvent(tx, { name, at: new Date() }));
    }
    await recordEvent(db, { name: 'create_group', at: new Date() });
    expect(await eventsNamed(db, { name: 'contribution' })).toHaveLength(2);
    expect(await eventsNamed(db, { name: 'create_group' })).toHaveLength(2);
  });

  it('keeps two transactions running it at once apart: each sees its own write, and a rollback takes only its own', async () => {
    const { db } = database.database;
    const kept = db.transaction(async (tx) => {
      await recordEvent(tx, { name: 'join_group', at: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return eventsNamed(tx, { name: 'join_group' });
    });
    const undone = db.transaction(async (tx) => {
      await recordEvent(tx, { name: 'login', at: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await eventsNamed(tx, { name: 'join_group' })).toEqual([]);
      throw new Error('roll back');
    });
    const [seen, refused] = await Promise.allSettled([kept, undone]);
    expect(seen.status === 'fulfilled' && seen.value).toHaveLength(1);
    expect(refused.status).toBe('rejected');
    expect(await eventsNamed(db, { name: 'login' })).toEqual([]);
    expect(await eventsNamed(db, { name: 'join_group' })).toHaveLength(1);
  });

  it("logs through the logger of the handle it runs on, not the first one's", async () => {
    const { db } = database.database;
    await eventsNamed(db, { name: 'logout' });
    // A second handle on the same client with a logger of its own (bench/lib/explain.ts captures so).
    const logged: { query: string; params: unknown[] }[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => void logged.push({ query, params }) };
    const { client } = (db as unknown as { session: { client: never } }).session;
    const watched = (engine === 'pglite'
      ? drizzlePglite(client, { schema, logger })
      : drizzlePg(client, { schema, logger })) as unknown as Db;
    await eventsNamed(watched, { name: 'logout' });
    expect(logged).toEqual([{ query: expect.stringContaining('product_events'), params: ['logout'] }]);
  });
});
