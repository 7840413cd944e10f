import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import { driverClientOf, statement, writeTogether } from './statement.ts';

const recordEvent = statement<never, [name: string, userId: number | null, at: string]>(
  'together_test_event',
  'insert into product_events (name, user_id, occurred_at) values ($1, $2, $3::timestamptz)',
);
const recordAudit = statement<never, [action: string, subject: string, details: string]>(
  'together_test_audit',
  `insert into audit_log (at, action, subject, details) values (now(), $1, $2, $3::jsonb)`,
);

describe.each(testEngines)('writes together in one statement, on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const rows = async (query: ReturnType<typeof sql>) =>
    (await database.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  it('writes every part with its own values, in one round trip', async () => {
    const { db } = database.database;
    // PGlite runs a named statement with exec (EXECUTE), after a PREPARE on its first use.
    const client = driverClientOf(db) as Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>>;
    const originals = { query: client.query, exec: client.exec };
    let roundTrips = 0;
    for (const method of ['query', 'exec'] as const) {
      const original = originals[method];
      if (!original) continue;
      client[method] = (...args) => {
        if (!String(args[0]).startsWith('prepare ')) roundTrips += 1;
        return original.apply(client, args);
      };
    }
    try {
      await writeTogether(db, [
        recordEvent.with('sign_up', null, '2026-11-30T10:00:00Z'),
        recordAudit.with('ledger_checked', 'together-1', '{"ok": true}'),
        recordEvent.with('join', null, '2026-11-30T11:00:00Z'),
      ]);
    } finally {
      for (const method of ['query', 'exec'] as const)
        if (originals[method]) client[method] = originals[method];
    }
    expect(roundTrips).toBe(1);
    const events = await rows(
      sql`select name, occurred_at at time zone 'UTC' as at from product_events order by occurred_at`,
    );
    expect(events.rows.map((row) => [row.name, String(row.at)])).toEqual([
      ['sign_up', '2026-11-30 10:00:00'],
      ['join', '2026-11-30 11:00:00'],
    ]);
    const audit = await rows(sql`select action, details from audit_log where subject = 'together-1'`);
    expect(audit.rows).toEqual([{ action: 'ledger_checked', details: { ok: true } }]);
  });

  it('writes nothing when one part fails', async () => {
    const { db } = database.database;
    const failing = writeTogether(db, [
      recordAudit.with('ledger_checked', 'together-2', '{}'),
      recordAudit.with('ledger_checked', 'together-2', 'not json'),
    ]);
    await expect(failing).rejects.toThrow();
    expect((await rows(sql`select 1 from audit_log where subject = 'together-2'`)).rows).toEqual([]);
  });

  it('refuses a combination whose name PostgreSQL would cut', async () => {
    const long = statement<never, []>('x'.repeat(40), 'select 1');
    await expect(writeTogether(database.database.db, [long.with(), long.with()])).rejects.toThrow(/longer/);
  });
});
