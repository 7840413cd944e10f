import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';

// Enough work for a statement to take a few milliseconds on either engine.
const busyStatement = sql`select count(*) from generate_series(1, 20000)`;
const STATEMENTS = 12;

describe.each(testEngines)('statements and the rest of the server, on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('lets work that needs no database run while statements queue, not after all of them', async () => {
    const { db } = database.database;
    const finished: string[] = [];
    const statements = Array.from({ length: STATEMENTS }, (_, i) =>
      db.execute(busyStatement).then(() => finished.push(`statement ${i}`)),
    );
    // What the event loop would do next: answer a request that reads no table, say.
    const otherWork = new Promise<void>((done) =>
      setImmediate(() => {
        finished.push('other work');
        done();
      }),
    );
    await Promise.all([...statements, otherWork]);
    // PGlite runs statements on this thread: at most the one already running may finish first.
    expect(finished.indexOf('other work')).toBeLessThanOrEqual(1);
    expect(finished).toHaveLength(STATEMENTS + 1);
  });

  it('does the same inside a transaction, which keeps its statements in order', async () => {
    const { db } = database.database;
    const finished: string[] = [];
    let otherWork: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      const first = tx.execute(sql`select 1`);
      otherWork = new Promise<void>((done) =>
        setImmediate(() => {
          finished.push('other work');
          done();
        }),
      );
      await first;
      for (let i = 0; i < 3; i++) {
        await tx.execute(busyStatement);
        finished.push(`statement ${i}`);
      }
    });
    await otherWork;
    expect(finished).toEqual(['other work', 'statement 0', 'statement 1', 'statement 2']);
  });
});
