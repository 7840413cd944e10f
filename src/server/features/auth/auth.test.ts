import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '#server/db/schema.ts';
import { cookieFrom, get, newMember, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const HOUR = 3_600_000;

describe.each(testEngines)('auth API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const auditCount = async (action: string, subject?: string) => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, action));
    return rows.filter((r) => subject === undefined || r.subject === subject).length;
  };

  describe('POST /api/auth/register', () => {
    it('creates the account, signs it in with an HttpOnly cookie and records the sign-up', async () => {
      const member = newMember();
      const reply = await post(t.app, '/api/auth/register', member);
      expect(reply.statusCode).toBe(201);
      const body = reply.json();
      expect(body.success).toBe(true);
      expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toMatchObject({
        username: member.username,
        fullName: member.fullName,
        email: member.email,
      });
      expect(JSON.stringify(body)).not.toContain('password');
      const setCookie = String(reply.headers['set-cookie']);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');

      const [stored] = await t.db.select().from(users).where(eq(users.username, member.username));
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const tokens = await t.db.select().from(sessions).where(eq(sessions.userId, stored!.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.tokenHash).not.toBe(body.sessionId);
      expect(await auditCount('sign_up', member.username)).toBe(1);

      const me = await get(t.app, '/api/user', { cookie: cookieFrom(reply)! });
      expect(me.json().username).toBe(member.username);
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ fullName: 'A' }, 'Full name must be at least 2 characters'],
      [{ password: 'tulip42' }, 'Password must be at least 8 characters'],
      // Counted as a person counts characters: seven keys are seven, though each is two UTF-16 units.
      [{ password: '🔑'.repeat(7) }, 'Password must be at least 8 characters'],
      [{ password: 'a'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ fullName: 'Ana\u0000Torres' }, 'Remove invisible or control characters from this text'],
      [{ username: 'bad name!' }, 'Username may only use letters, numbers, dots, dashes and underscores'],
    ])('rejects %o with "%s" and creates nothing', async (override, message) => {
      const member = newMember(override as Record<string, string>);
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
      const reply = await post(t.app, '/api/auth/register', member);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message,
        error: message,
      });
      const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it.each([
      ['eight characters', 'tulip-42'],
      ['eight characters of two UTF-16 units each', '🔑🌷🔑🌷🔑🌷🔑🌷'],
      ['128 characters of two UTF-16 units each', '🔑🌷'.repeat(64)],
      ['spaces kept as typed', '  tulip 42  '],
    ])('accepts a password of %s (ASVS 5.0 6.2.1), and signs in with exactly it', async (_name, password) => {
      const member = newMember({ password });
      const reply = await post(t.app, '/api/auth/register', member);
      expect(reply.statusCode, reply.body).toBe(201);
      const login = await post(t.app, '/api/auth/login', { username: member.username, password });
      expect(login.statusCode, login.body).toBe(200);
      const trimmed = await post(t.app, '/api/auth/login', {
        username: member.username,
        password: password.trim(),
      });
      if (password.trim() !== password) expect(trimmed.statusCode).toBe(401);
    });

    it('rejects unknown fields such as a client-chosen id or operator flag', async () => {
      const reply = await post(t.app, '/api/auth/register', { ...newMember(), isOperator: true });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_ERROR');
    });

    it('rejects one of the most common passwords', async () => {
      const reply = await post(t.app, '/api/auth/register', newMember({ password: 'Password1' }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json().code).toBe('PASSWORD_TOO_COMMON');
    });

    it('refuses a taken username (whatever its case) and a taken email with clear errors', async () => {
      const first = newMember();
      expect((await post(t.app, '/api/auth/register', first)).statusCode).toBe(201);
      const sameName = await post(
        t.app,
        '/api/auth/register',
        newMember({ username: first.username.toUpperCase() }),
      );
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({
        code: 'USERNAME_TAKEN',
        error: 'This username is already taken',
      });
      const sameEmail = await post(
        t.app,
        '/api/auth/register',
        newMember({ email: first.email.toUpperCase() }),
      );
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    });

    it('lets exactly one of ten simultaneous sign-ups with one username through', async () => {
      const username = newMember().username;
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => post(t.app, '/api/auth/register', newMember({ username }))),
      );
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in, returns the spec shape and records the success', async () => {
      const member = newMember();
      await post(t.app, '/api/auth/register', member);
      const reply = await post(t.app, '/api/auth/login', {
        username: member.username,
        password: member.password,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ success: true, user: { username: member.username } });
      expect(await auditCount('login_success', member.username.toLowerCase())).toBe(1);
    });

    it.each([
      [{ password: 'x' }, 'Username is required'],
      [{ username: 'someone' }, 'Password is required'],
      [{ username: '', password: 'x' }, 'Username is required'],
    ])('rejects %o with "%s"', async (payload, message) => {
      const reply = await post(t.app, '/api/auth/login', payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    });

    it('answers a wrong password and an unknown user with the same generic failure, and audits both', async () => {
      const member = newMember();
      await post(t.app, '/api/auth/register', member);
      const wrong = await post(t.app, '/api/auth/login', {
        username: member.username,
        password: 'nope-nope-nope',
      });
      const unknown = await post(t.app, '/api/auth/login', {
        username: 'nobody-here',
        password: 'nope-nope-nope',
      });
      for (const reply of [wrong, unknown]) {
        expect(reply.statusCode).toBe(401);
        expect(reply.json()).toEqual({
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: 'Invalid username or password',
          error: 'Invalid username or password',
        });
      }
      expect(await auditCount('login_failure', member.username.toLowerCase())).toBe(1);
      expect(await auditCount('login_failure', 'nobody-here')).toBe(1);
    });

    it('rotates the session: the token held before login stops working', async () => {
      const member = newMember();
      const registered = await post(t.app, '/api/auth/register', member);
      const before = cookieFrom(registered)!;
      const login = await post(
        t.app,
        '/api/auth/login',
        { username: member.username, password: member.password },
        { cookie: before },
      );
      expect(login.statusCode).toBe(200);
      expect((await get(t.app, '/api/user', { cookie: before })).statusCode).toBe(401);
      expect((await get(t.app, '/api/user', { cookie: cookieFrom(login)! })).statusCode).toBe(200);
    });

    it('locks an account after five failures with Retry-After, even for the right password, then lets it in', async () => {
      const member = newMember();
      await post(t.app, '/api/auth/register', member);
      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        const r = await post(t.app, '/api/auth/login', {
          username: member.username,
          password: `wrong-${i}-xyz`,
        });
        expect(r.statusCode).toBe(401);
      }
      const locked = await post(t.app, '/api/auth/login', {
        username: member.username,
        password: member.password,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      t.clock.advance(retryAfter * 1000 + 1000);
      const again = await post(t.app, '/api/auth/login', {
        username: member.username,
        password: member.password,
      });
      expect(again.statusCode).toBe(200);
    });
  });

  describe('GET /api/user and POST /api/auth/logout', () => {
    it('accepts the token raw in Authorization (as the spec client sends it), as Bearer, or as the cookie', async () => {
      const reply = await post(t.app, '/api/auth/register', newMember());
      const token = reply.json().sessionId as string;
      const variants: Record<string, string>[] = [
        { authorization: token },
        { authorization: `Bearer ${token}` },
        { cookie: `sc_session=${token}` },
      ];
      for (const headers of variants) {
        const me = await get(t.app, '/api/user', headers);
        expect(me.statusCode).toBe(200);
        expect(me.json()).not.toHaveProperty('passwordHash');
      }
    });

    it('answers 401 without a session or with a forged one', async () => {
      const variants: Record<string, string>[] = [
        {},
        { authorization: 'forged-token' },
        { authorization: 'x'.repeat(5000) },
      ];
      for (const headers of variants) {
        const me = await get(t.app, '/api/user', headers);
        expect(me.statusCode).toBe(401);
        expect(me.json().code).toBe('UNAUTHORIZED');
      }
    });

    it('tells the page that a session exists, without the token, and takes it back when the session ends', async () => {
      const reply = await post(t.app, '/api/auth/register', newMember());
      const cookies = [reply.headers['set-cookie'] ?? []].flat().map(String);
      const hint = cookies.find((c) => c.startsWith('sc_signed_in='));
      expect(hint).toMatch(/^sc_signed_in=1;/);
      expect(hint).not.toContain('HttpOnly');
      expect(hint).toContain('SameSite=Lax');
      const session = cookies.find((c) => c.startsWith('sc_session='));
      expect(hint?.match(/Expires=[^;]+/)?.[0]).toBe(session?.match(/Expires=[^;]+/)?.[0]);

      const token = reply.json().sessionId as string;
      const out = await post(t.app, '/api/auth/logout', undefined, { authorization: token });
      expect(String(out.headers['set-cookie'])).toMatch(/sc_signed_in=;/);

      // A browser whose session ended elsewhere still claims one: the refusal clears the claim.
      const stale = await get(t.app, '/api/user', { cookie: 'sc_signed_in=1' });
      expect(stale.statusCode).toBe(401);
      expect(String(stale.headers['set-cookie'])).toMatch(/sc_signed_in=;/);
      const anonymous = await get(t.app, '/api/user');
      expect(anonymous.headers['set-cookie']).toBeUndefined();

      // Only the identity check clears it: a background request of a tab left open from an ended session
      // can come back after the person signed in again elsewhere, and must not take the new session's hint.
      const background = await get(t.app, '/api/notifications', { cookie: 'sc_signed_in=1' });
      expect(background.statusCode).toBe(401);
      expect(background.headers['set-cookie']).toBeUndefined();
    });

    it('revokes the session on logout, clears the cookie and audits it', async () => {
      const member = newMember();
      const reply = await post(t.app, '/api/auth/register', member);
      const token = reply.json().sessionId as string;
      const out = await post(t.app, '/api/auth/logout', undefined, { authorization: token });
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toMatch(/sc_session=;/);
      expect((await get(t.app, '/api/user', { authorization: token })).statusCode).toBe(401);
      const [user] = await t.db.select().from(users).where(eq(users.username, member.username));
      const logouts = await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, user!.id));
      expect(logouts.map((l) => l.action)).toContain('logout');
    });

    it('expires a session left idle longer than the idle limit', async () => {
      const token = (await post(t.app, '/api/auth/register', newMember())).json().sessionId as string;
      t.clock.advance(t.ctx.config.session.idleMs - 60_000);
      expect((await get(t.app, '/api/user', { authorization: token })).statusCode).toBe(200);
      t.clock.advance(t.ctx.config.session.idleMs + 1000);
      expect((await get(t.app, '/api/user', { authorization: token })).statusCode).toBe(401);
    });

    it('expires even an active session at the absolute limit', async () => {
      const token = (await post(t.app, '/api/auth/register', newMember())).json().sessionId as string;
      const steps = Math.ceil(t.ctx.config.session.absoluteMs / (6 * HOUR));
      for (let i = 0; i < steps - 1; i++) {
        t.clock.advance(6 * HOUR);
        expect((await get(t.app, '/api/user', { authorization: token })).statusCode).toBe(200);
      }
      t.clock.advance(6 * HOUR);
      expect((await get(t.app, '/api/user', { authorization: token })).statusCode).toBe(401);
    });
  });
});

describe.each(testEngines)('login rate limit per IP on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      configure: (config) => {
        config.limits.loginPerIpPerMinute = 3;
      },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once one address exceeds its attempts', async () => {
    const attempt = (n: number) =>
      post(t.app, '/api/auth/login', { username: `someone${n}`, password: 'whatever-1' });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    const limited = await attempt(4);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
