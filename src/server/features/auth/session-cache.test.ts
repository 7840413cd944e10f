import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { hashToken } from './sessions.ts';

/** Asks until `done` holds or a second has passed; returns how long it took, in milliseconds. */
async function within(done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > 1000) throw new Error('not within a second');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - started;
}

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
    await within(async () => (await whoAmI(person.auth)).statusCode === 401);
  });

  it('forgets a session the moment it is deleted by any statement, and a person the moment they change', async () => {
    const person = await signUp(t.app);
    expect((await whoAmI(person.auth)).json().fullName).toBe(person.fullName);
    await t.db.update(users).set({ fullName: 'New Name' }).where(eq(users.id, person.id));
    const renamedAfter = await within(async () => (await whoAmI(person.auth)).json().fullName === 'New Name');

    await t.db.delete(sessions).where(eq(sessions.userId, person.id));
    const endedAfter = await within(async () => (await whoAmI(person.auth)).statusCode === 401);
    console.info(
      `${engine}: renamed after ${renamedAfter.toFixed(1)} ms, ended after ${endedAfter.toFixed(1)} ms`,
    );
    // The notification is sent on commit: on this machine within milliseconds.
    expect(renamedAfter).toBeLessThan(250);
    expect(endedAfter).toBeLessThan(250);
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
