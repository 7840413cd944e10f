import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '#server/db/schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { hashToken } from './sessions.ts';

/** Asks every 2 ms until `check` passes, failing after `timeout` ms. */
const within = (timeout: number, check: () => Promise<void>) => vi.waitFor(check, { timeout, interval: 2 });

describe.each(testEngines)('the session cache on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { sessionCache: true });
  });
  afterAll(() => t.close());

  const whoAmI = (auth: Record<string, string>) => get(t.app, '/api/user', auth);

  it('answers from memory: a session deleted behind the triggers’ back still works until it is forgotten', async () => {
    const person = await signUp(t.app);
    expect((await whoAmI(person.auth)).statusCode).toBe(200);
    // With triggers off (replica mode) nobody hears of the deletion: only a cache still knows the session.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(person.auth.authorization)));
    });
    expect((await whoAmI(person.auth)).statusCode).toBe(200);
    // Any change to the person makes every instance forget them; the database then says no.
    await t.db.update(users).set({ fullName: 'Renamed Person' }).where(eq(users.id, person.id));
    await within(1000, async () => expect((await whoAmI(person.auth)).statusCode).toBe(401));
  });

  it('forgets a session the moment it is deleted by any statement, and a person the moment they change', async () => {
    const person = await signUp(t.app);
    expect((await whoAmI(person.auth)).json().fullName).toBe(person.fullName);
    await t.db.update(users).set({ fullName: 'New Name' }).where(eq(users.id, person.id));
    // The notification is sent on commit: on this machine within milliseconds.
    await within(250, async () => expect((await whoAmI(person.auth)).json().fullName).toBe('New Name'));

    await t.db.delete(sessions).where(eq(sessions.userId, person.id));
    await within(250, async () => expect((await whoAmI(person.auth)).statusCode).toBe(401));
  });

  it('a change a person makes through the API is seen by their very next call', async () => {
    const person = await signUp(t.app);
    // Thirty times: on PostgreSQL the trigger's notification alone lost this race about half the time.
    for (let i = 0; i < 30; i++) {
      expect((await whoAmI(person.auth)).statusCode).toBe(200);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        payload: { fullName: `Person Number ${i}` },
        headers: person.auth,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await whoAmI(person.auth)).json().fullName).toBe(`Person Number ${i}`);
    }
  });

  it('a write forgets its person on this instance, except on a route marked as leaving sessions alone', async () => {
    const person = await signUp(t.app);
    expect((await whoAmI(person.auth)).statusCode).toBe(200);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(person.auth.authorization)));
    });
    // A withdrawal request (refused here: no bank account) changes nothing a session carries.
    const withdrawal = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '1.00' },
      person.auth,
    );
    expect(withdrawal.json().code, withdrawal.body).toBe('BANK_ACCOUNT_REQUIRED');
    expect((await whoAmI(person.auth)).statusCode).toBe(200);
    // Any other write may have: the cache lets go, and the database says the session is gone.
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { fullName: '' },
      headers: person.auth,
    });
    expect(profile.statusCode).toBe(400);
    expect((await whoAmI(person.auth)).statusCode).toBe(401);
  });

  it('logging out ends the session on this instance at once', async () => {
    const person = await signUp(t.app);
    expect((await whoAmI(person.auth)).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/logout', undefined, person.auth)).statusCode).toBe(200);
    expect((await whoAmI(person.auth)).statusCode).toBe(401);
  });

  it('still applies the idle limit to a remembered session', async () => {
    const person = await signUp(t.app);
    expect((await whoAmI(person.auth)).statusCode).toBe(200);
    t.clock.advance(t.ctx.config.session.idleMs + 1000);
    expect((await whoAmI(person.auth)).statusCode).toBe(401);
  });
});
