import { PGlite, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeNamed, literal, pgliteDatabaseOf } from './pglite-prepared.ts';
import { takeTurns } from './pglite-turns.ts';

// PGlite only: PostgreSQL's named statements are the pg driver's.
describe('named statements on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = takeTurns(await PGlite.create());
    await db.exec(
      'create table jar (id serial primary key, label text, cents int8, at timestamptz, data jsonb)',
    );
  });
  afterAll(() => db.close());

  const preparedCount = async (name: string) =>
    (
      await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where name = $1', [
        name,
      ])
    ).rows[0]!.n;

  it('answers exactly what the driver answers for the same values', async () => {
    const text =
      'select $1::text as label, $2::int8 as cents, $3::int as small, $4::bool as yes, $5::timestamptz as at, $6::jsonb as data, $7::int[] as list, $8::text as nothing';
    // The literals are safe only as PostgreSQL reads them by default: a backslash is an ordinary character.
    expect(
      (await db.query<{ standard_conforming_strings: string }>('show standard_conforming_strings')).rows,
    ).toEqual([{ standard_conforming_strings: 'on' }]);
    const values = [
      `it's a "quote", a back\\slash, a {brace} and x\\' or 1=1 --`,
      '9007199254740993',
      -42,
      false,
      new Date('2026-12-01T01:02:03.456Z'),
      { nested: { ok: true }, quote: "o'clock" },
      '{1,2,3}',
      null,
    ];
    const expected = (await db.query(text, values)).rows;
    expect((await executeNamed(db, db, 'named_test_values', text, values)).rows).toEqual(expected);
    expect((await executeNamed(db, db, 'named_test_values', text, values)).rows).toEqual(expected);
  });

  it('prepares a statement once, and keeps it when the transaction that prepared it rolls back', async () => {
    const text = 'insert into jar (label, cents) values ($1, $2) returning id';
    await expect(
      db.transaction(async (tx) => {
        await executeNamed(tx, db, 'named_test_insert', text, ['rolled back', 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await preparedCount('named_test_insert')).toBe(1);
    await executeNamed(db, db, 'named_test_insert', text, ['kept', 2]);
    await executeNamed(db, db, 'named_test_insert', text, ['kept', 3]);
    expect(await preparedCount('named_test_insert')).toBe(1);
    const labels = await db.query<{ label: string }>('select label from jar order by id');
    expect(labels.rows.map((row) => row.label)).toEqual(['kept', 'kept']);
  });

  it('runs unprepared in a transaction rather than wait for a PREPARE queued outside it', async () => {
    const text = 'select $1::int * 2 as doubled';
    let outside: Promise<unknown> | undefined;
    const inside = await db.transaction(async (tx) => {
      // Queued behind this transaction: its PREPARE cannot run until the transaction ends.
      outside = executeNamed(db, db, 'named_test_wait', text, [5]);
      await new Promise((resume) => setTimeout(resume, 20));
      return (await executeNamed(tx, db, 'named_test_wait', text, [4])).rows;
    });
    expect(inside).toEqual([{ doubled: 8 }]);
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ doubled: 10 }]);
    expect(await preparedCount('named_test_wait')).toBe(1);
  });

  it('prepares again after a PREPARE that failed in an aborted transaction', async () => {
    const text = 'select $1::text as echoed';
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('select 1/0').catch(() => {});
        await executeNamed(tx, db, 'named_test_aborted', text, ['lost']);
      }),
    ).rejects.toThrow(/aborted/);
    expect((await executeNamed(db, db, 'named_test_aborted', text, ['found'])).rows).toEqual([
      { echoed: 'found' },
    ]);
  });

  it('fails with the statement as the driver would have sent it, never with the values written in', async () => {
    const text = 'insert into jar (label, cents) values ($1, $2::int8 / $3)';
    const secret = 'secret-micro-deposit-32';
    for (let run = 0; run < 2; run++) {
      const error = await executeNamed(db, db, 'named_test_failing', text, [secret, 1, 0]).catch((e) => e);
      expect(error).toMatchObject({ code: '22012', query: text, params: [secret, 1, 0] });
      expect(JSON.stringify({ ...error, stack: error.stack, message: error.message })).not.toContain(
        `'${secret}'`,
      );
    }
  });

  it('finds the database behind a transaction handle, and nothing behind other objects', async () => {
    let behindTransaction: PGlite | undefined;
    await db.transaction(async (tx: Transaction) => {
      behindTransaction = pgliteDatabaseOf(tx);
    });
    expect(behindTransaction).toBe(db);
    expect(pgliteDatabaseOf(db)).toBe(db);
    expect(pgliteDatabaseOf({ query: () => {} })).toBeUndefined();
  });

  it("sends a value with no literal form the driver's way, unprepared", async () => {
    const text = 'select $1::int[] as list, $2::text as label';
    const values = [[1, 2, 3], 'a\0b'];
    for (const value of values) expect(literal(value)).toBeUndefined();
    expect(literal(Number.NaN)).toBeUndefined();
    expect(literal(new Date('nope'))).toBeUndefined();
    expect(literal("o'clock")).toBe("'o''clock'");
    expect(literal(null)).toBe('null');
    const arrays = [[1, 2, 3], 'plain'];
    expect((await executeNamed(db, db, 'named_test_array', text, arrays)).rows).toEqual(
      (await db.query(text, arrays)).rows,
    );
    expect(await preparedCount('named_test_array')).toBe(0);
  });
});
