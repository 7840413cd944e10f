import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseMessage, safeError } from './safe-error.ts';

describe('safeError', () => {
  it('hides the values PostgreSQL quotes in its own messages', () => {
    expect(databaseMessage('invalid input syntax for type integer: "4111111111111111"')).toBe(
      'invalid input syntax for type integer: [value hidden]',
    );
    expect(databaseMessage('value "98765432109" is out of range for type integer')).toBe(
      'value [hidden] is out of range for type integer',
    );
    expect(databaseMessage('duplicate key value violates unique constraint "users_email_lower_idx"')).toBe(
      'duplicate key value violates unique constraint "users_email_lower_idx"',
    );
  });

  it('copies only named fields: a secret in any other property stays behind, also in the stack', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      severity: 'ERROR',
      table: 'users',
      constraint: 'c',
      detail: 'Failing row contains (secret-hash)',
      params: ['secret-hash'],
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("password_hash") values ($1)',
      ['secret-hash'],
      cause,
    );
    const safe = safeError(error);
    expect(JSON.stringify(safe)).not.toContain('secret-hash');
    expect(safe).toMatchObject({ type: 'DrizzleQueryError', paramCount: 1 });
    expect(safe.cause).toMatchObject({ code: '23514', table: 'users', constraint: 'c', paramCount: 1 });
    expect(safeError(safe)).toEqual(safe);
  });
});
