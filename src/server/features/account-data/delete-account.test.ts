import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankAccounts, contributions, groups, sessions, users } from '#server/db/schema.ts';
import { placeHold } from '#server/ledger/holds.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { activeCircle, everyonePaysCash, fundWallet, verifiedBank } from '#server/test/circles.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const PASSWORD = 'violet-harbor-2931';

describe.each(testEngines)('delete my account (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t?.close());

  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const refusal = async (auth: Record<string, string>) => {
    const reply = await post(t.app, '/api/account/delete', { password: PASSWORD }, auth);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().code).toBe('ACCOUNT_DELETION_BLOCKED');
    return reply.json().issues.map((issue: { path: string; key: string; message: string }) => {
      expect(issue.path).toBe('reasons');
      expect(issue.message.length).toBeGreaterThan(10);
      return issue.key;
    });
  };

  it('refuses a wrong password and changes nothing', async () => {
    const person = await signUp(t.app);
    const before = await userRow(person.id);
    const reply = await post(t.app, '/api/account/delete', { password: 'not-my-password-00' }, person.auth);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect(await userRow(person.id)).toEqual(before);
    expect((await get(t.app, '/api/user', person.auth)).statusCode).toBe(200);
  });

  it('lists every reason at once while in an active circle owing money, and changes nothing', async () => {
    const circle = await activeCircle(t, 3);
    const member = circle.members[1]!;
    await t.db
      .update(contributions)
      .set({ penaltyStatus: 'owed', penaltyCents: 500 })
      .where(eq(contributions.userId, member.id));
    const before = await userRow(member.id);
    expect(await refusal(member.auth)).toEqual(['IN_ACTIVE_CIRCLE', 'PENALTY_OWED', 'CONTRIBUTION_OWED']);
    expect(await userRow(member.id)).toEqual(before);
    expect((await get(t.app, '/api/user', member.auth)).statusCode).toBe(200);
  });

  it('refuses while in a recruiting circle', async () => {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Waiting susu',
        contributionAmount: '20.00',
        memberLimit: 3,
        frequency: 'monthly',
        contributionDay: 10,
        startDate: '2026-04-10',
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(await refusal(admin.auth)).toEqual(['IN_RECRUITING_CIRCLE']);
  });

  it('refuses while the wallet holds money', async () => {
    const person = await signUp(t.app);
    await fundWallet(t, person.id, 2_500);
    expect(await refusal(person.auth)).toEqual(['WALLET_NOT_EMPTY']);
    // Money set aside for a withdrawal in flight is its own reason.
    await placeHold(t.db, {
      account: { kind: 'wallet', userId: person.id },
      amountCents: 1_000,
      idempotencyKey: `test-hold:${process.pid}:${person.id}`,
      at: t.clock.now(),
    });
    expect(await refusal(person.auth)).toEqual(['WALLET_NOT_EMPTY', 'MONEY_ON_HOLD']);
    expect((await get(t.app, '/api/user', person.auth)).statusCode).toBe(200);
  });

  it('still deletes when someone signed up with the placeholder name', async () => {
    const person = await signUp(t.app);
    await signUp(t.app, { username: `deleted-${person.id}`, email: `deleted-${person.id}@deleted.invalid` });
    const deleted = await post(t.app, '/api/account/delete', { password: PASSWORD }, person.auth);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await userRow(person.id)).username).toMatch(new RegExp(`^deleted-${person.id}-[0-9a-f]{8}$`));
  });

  it('erases personal data, keeps the ledger balanced and the circle readable to the others', async () => {
    const circle = await activeCircle(t, 3);
    await everyonePaysCash(t, circle.admin, circle.groupId, circle.members);
    const member = circle.members[1]!;
    const sent = await post(
      t.app,
      `/api/groups/${circle.groupId}/messages`,
      { message: 'Thanks all, see you next month', messageType: 'text' },
      member.auth,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await verifiedBank(t, member.id);
    // Money once in the wallet and taken out again: entries that must outlive the account.
    await fundWallet(t, member.id, 1_000);
    await postTransfer(t.db, {
      idempotencyKey: `test-out:${process.pid}:${member.id}`,
      kind: 'withdrawal',
      userId: member.id,
      at: t.clock.now(),
      legs: [
        { account: { kind: 'wallet', userId: member.id }, amountCents: -1_000 },
        { account: { kind: 'external', name: 'bank' }, amountCents: 1_000 },
      ],
    });
    expect((await post(t.app, '/api/calendar/feed', undefined, member.auth)).statusCode).toBe(200);
    // The circle has finished (its history stays).
    await t.db.update(groups).set({ status: 'completed' }).where(eq(groups.id, circle.groupId));
    const before = await userRow(member.id);

    const deleted = await post(t.app, '/api/account/delete', { password: PASSWORD }, member.auth);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = await userRow(member.id);
    expect(after).toMatchObject({
      username: `deleted-${member.id}`,
      email: `deleted-${member.id}@deleted.invalid`,
      fullName: 'Deleted member',
      bankAccountLast4: null,
      emailVerifiedAt: null,
    });
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    const [bank] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, member.id));
    expect(bank).toMatchObject({ bankName: '', last4: '', status: 'removed' });
    expect((await get(t.app, '/api/user', member.auth)).statusCode).toBe(401);
    for (const username of [before.username, after.username]) {
      const login = await post(t.app, '/api/auth/login', { username, password: PASSWORD });
      expect(login.statusCode).toBe(401);
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account_deleted'), eq(auditLog.actorUserId, member.id)));
    expect(audit).toMatchObject({ actorUserId: member.id, subject: null, ip: null, details: null });

    // The others still see the circle, its payments and the chat, with the member anonymised.
    const view = await get(t.app, `/api/groups/${circle.groupId}`, circle.admin.auth);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).not.toContain(before.fullName);
    expect(view.body).toContain('Deleted member');
    const chat = await get(t.app, `/api/groups/${circle.groupId}/messages`, circle.admin.auth);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.body).toContain('Thanks all, see you next month');
    expect(chat.body).not.toContain(before.fullName);
    expect((await get(t.app, '/api/user/history', circle.admin.auth)).statusCode).toBe(200);
  });
});
