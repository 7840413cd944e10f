import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { newMember, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

// Every real password check the app makes is counted: argon2 is what an attacker wants to run.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords.ts', async (original) => {
  const real = await original<typeof import('./passwords.ts')>();
  return {
    ...real,
    verifyPassword: (storedHash: string | null, password: string) => {
      verifications.count += 1;
      return real.verifyPassword(storedHash, password);
    },
  };
});

describe.each(testEngines)('login lockout under concurrency on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    post(t.app, '/api/auth/login', { username, password });

  it('sixty wrong passwords at once run at most five password checks; the rest are locked out', async () => {
    const member = newMember();
    expect((await post(t.app, '/api/auth/register', member)).statusCode).toBe(201);
    verifications.count = 0;

    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(member.username, `wrong-guess-${i}-xyz`)),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(verifications.count).toBeLessThanOrEqual(t.ctx.config.limits.loginFailuresPerAccount);
    expect(codes.filter((c) => c === 401)).toHaveLength(verifications.count);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - verifications.count);
    for (const reply of replies.filter((r) => r.statusCode === 429)) {
      expect(reply.json().code).toBe('TOO_MANY_REQUESTS');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }

    // The lock is audited once (not once per refused guess).
    const locks = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_locked'), eq(auditLog.subject, member.username.toLowerCase())));
    expect(locks).toHaveLength(1);

    // The right password is refused while locked, without a check being run for it.
    const before = verifications.count;
    const locked = await login(member.username, member.password);
    expect(locked.statusCode).toBe(429);
    expect(verifications.count).toBe(before);

    // After the window, the right password works again, and counting starts afresh.
    t.clock.advance(Number(locked.headers['retry-after']) * 1000 + 1000);
    expect((await login(member.username, member.password)).statusCode).toBe(200);
    expect((await login(member.username, 'one-more-wrong-one')).statusCode).toBe(401);
    expect((await login(member.username, member.password)).statusCode).toBe(200);
  });

  it('an unknown username is throttled the same way', async () => {
    verifications.count = 0;
    const nobody = `nobody-${Date.now()}`;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => login(nobody, `guess-${i}-xyz`)));
    expect(verifications.count).toBeLessThanOrEqual(t.ctx.config.limits.loginFailuresPerAccount);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(20 - verifications.count);
  });
});
