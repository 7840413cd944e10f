import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { get, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { applyOperatorList } from './operator-accounts.ts';
import { runOperatorCommand } from './operator-command.ts';

describe.each(testEngines)('operators on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const flagOf = async (id: number) => {
    const [row] = await t.db
      .select({ isOperator: users.isOperator, source: users.operatorSource })
      .from(users)
      .where(eq(users.id, id));
    return row;
  };
  const nameOf = async (id: number) =>
    (await t.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]!.username;
  const isOperatorReply = async (auth: Record<string, string>) =>
    (await get(t.app, '/api/user', auth)).json().isOperator;

  it('applies OPERATOR_USERNAMES to existing accounts at a start, and takes the flag away when the name leaves', async () => {
    const ada = await signUp(t.app);
    const bo = await signUp(t.app);
    const adaName = await nameOf(ada.id);
    const boName = await nameOf(bo.id);
    expect(await flagOf(ada.id)).toEqual({ isOperator: false, source: null });

    // Names match regardless of case (config lower-cases them).
    const first = await applyOperatorList(t.db, [adaName.toLowerCase(), boName]);
    expect(first.promoted.sort()).toEqual([adaName, boName].sort());
    expect(await flagOf(ada.id)).toEqual({ isOperator: true, source: 'env' });
    expect(await isOperatorReply(ada.auth)).toBe(true);

    // Bo was also promoted by the command: leaving the list does not take that away.
    expect((await runOperatorCommand(t.db, ['promote', boName])).exitCode).toBe(0);
    const second = await applyOperatorList(t.db, []);
    expect(second.demoted).toEqual([adaName]);
    expect(await flagOf(ada.id)).toEqual({ isOperator: false, source: null });
    expect(await flagOf(bo.id)).toEqual({ isOperator: true, source: 'command' });
    expect(await isOperatorReply(ada.auth)).toBe(false);
  });

  it('promotes, lists and demotes by command; an unknown name exits with 1', async () => {
    const cy = await signUp(t.app);
    const cyName = await nameOf(cy.id);
    const promote = await runOperatorCommand(t.db, ['promote', cyName.toUpperCase()]);
    expect(promote).toEqual({ lines: [`${cyName.toUpperCase()} is now an operator.`], exitCode: 0 });
    expect(await flagOf(cy.id)).toEqual({ isOperator: true, source: 'command' });
    expect((await runOperatorCommand(t.db, ['promote', cyName])).lines[0]).toMatch(/already an operator/);

    const list = await runOperatorCommand(t.db, ['list']);
    expect(
      list.lines.some((line) => line.startsWith(`${cyName}\t`) && line.endsWith('promoted by command')),
    ).toBe(true);

    const demote = await runOperatorCommand(t.db, ['demote', cyName]);
    expect(demote.exitCode).toBe(0);
    expect(await flagOf(cy.id)).toEqual({ isOperator: false, source: null });
    expect((await runOperatorCommand(t.db, ['demote', cyName])).lines[0]).toMatch(/not an operator/);

    const unknown = await runOperatorCommand(t.db, ['promote', 'nobody-by-this-name']);
    expect(unknown).toEqual({ lines: ['No user named "nobody-by-this-name".'], exitCode: 1 });
    expect((await runOperatorCommand(t.db, ['demote', 'nobody-by-this-name'])).exitCode).toBe(1);
    expect((await runOperatorCommand(t.db, ['frobnicate'])).exitCode).toBe(2);
  });

  it('marks a listed sign-up as an operator from the list', async () => {
    t.ctx.config.operatorUsernames = ['listed-at-signup'];
    try {
      const listed = await signUp(t.app, { username: 'Listed-At-Signup' });
      expect(await flagOf(listed.id)).toEqual({ isOperator: true, source: 'env' });
    } finally {
      t.ctx.config.operatorUsernames = [];
    }
  });
});
