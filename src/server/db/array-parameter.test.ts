import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import { arrayParameter } from './array-parameter.ts';
import { driverClientOf } from './statement.ts';

describe.each(testEngines)('an array parameter, on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('reaches PostgreSQL as the same array of numbers or strings, quotes and commas included', async () => {
    const texts = ['escrow:5:3', 'a "quoted" word', 'back\\slash', 'one, two', '{braces}', ''];
    const { rows } = await driverClientOf(database.database.db).query(
      'select $1::int[] as ints, $2::text[] as texts, cardinality($3::int[]) as none',
      [arrayParameter([3, -1, 2_000_000_000]), arrayParameter(texts), arrayParameter([])],
    );
    expect(rows[0]).toEqual({ ints: [3, -1, 2_000_000_000], texts, none: 0 });
  });
});
