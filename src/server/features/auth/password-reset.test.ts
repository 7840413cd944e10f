import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, tokenFromMail } from '#server/test/email-support.ts';
import { get, newMember, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { FORGOT_PASSWORD_FLOOR_MS } from './password-reset.ts';

describe.each(testEngines)('forgot and reset password (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  async function member(overrides: Record<string, string> = {}) {
    const form = newMember(overrides);
    const reply = await post(t.app, '/api/auth/register', form);
    expect(reply.statusCode).toBe(201);
    return { ...form, auth: { authorization: reply.json().sessionId as string } };
  }

  it('answers the same for an unknown address and queues nothing', async () => {
    const m = await member();
    const started = performance.now();
    const unknown = await post(t.app, '/api/auth/forgot-password', { email: 'nobody-here@example.org' });
    const unknownMs = performance.now() - started;
    const known = await post(t.app, '/api/auth/forgot-password', { email: m.email.toUpperCase() });
    // Finding no account is quicker than storing a link: both wait for the same floor.
    expect(unknownMs).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await emailsTo(t.db, 'nobody-here@example.org')).toEqual([]);
    const mails = await emailsTo(t.db, m.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['password_reset', 'verify_email']);
    expect(mails[0]!.subject).toBe('Reset your password – SaveCircle');
    expect(mails[0]!.textBody).toMatch(/http:\/\/localhost(:\d+)?\/reset-password\?token=/);
    expect(mails[0]!.htmlBody).not.toContain('unsubscribe');
  });

  it('writes the email in the language the member signed up in', async () => {
    const m = await member({ language: 'ko' });
    await post(t.app, '/api/auth/forgot-password', { email: m.email });
    const [mail] = await emailsTo(t.db, m.email);
    expect(mail).toMatchObject({ language: 'ko', subject: '비밀번호 재설정 – SaveCircle' });
  });

  it('resets once: ends every session, signs this browser in, and sends a password-changed mail', async () => {
    const m = await member();
    const other = await post(t.app, '/api/auth/login', { username: m.username, password: m.password });
    const otherAuth = { authorization: other.json().sessionId as string };
    await post(t.app, '/api/auth/forgot-password', { email: m.email });
    const token = await tokenFromMail(t.db, m.email, 'reset-password');

    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'amber-lantern-7720' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.emailVerified).toBe(true);
    expect(reset.headers['set-cookie']).toBeDefined();
    expect((await get(t.app, '/api/user', m.auth)).statusCode).toBe(401);
    expect((await get(t.app, '/api/user', otherAuth)).statusCode).toBe(401);
    expect((await get(t.app, '/api/user', { authorization: reset.json().sessionId })).statusCode).toBe(200);

    const oldLogin = await post(t.app, '/api/auth/login', { username: m.username, password: m.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(t.app, '/api/auth/login', {
      username: m.username,
      password: 'amber-lantern-7720',
    });
    expect(newLogin.statusCode).toBe(200);
    expect((await emailsTo(t.db, m.email))[0]!.kind).toBe('password_changed');

    const again = await post(t.app, '/api/auth/reset-password', { token, password: 'cobalt-meadow-5512' });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('LINK_USED');
  });

  it('refuses an expired link and a forged one, changing nothing', async () => {
    const m = await member();
    await post(t.app, '/api/auth/forgot-password', { email: m.email });
    const token = await tokenFromMail(t.db, m.email, 'reset-password');
    t.clock.advance(60 * 60 * 1000 + 1);
    const expired = await post(t.app, '/api/auth/reset-password', { token, password: 'amber-lantern-7720' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('LINK_EXPIRED');
    const forged = await post(t.app, '/api/auth/reset-password', {
      token: `${token.slice(0, -2)}xy`,
      password: 'amber-lantern-7720',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('LINK_INVALID');
    expect((await get(t.app, '/api/user', m.auth)).statusCode).toBe(200);
    const login = await post(t.app, '/api/auth/login', { username: m.username, password: m.password });
    expect(login.statusCode).toBe(200);
  });

  it('sends at most three reset emails an hour to one address, answering the same', async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) {
      const reply = await post(t.app, '/api/auth/forgot-password', { email: m.email });
      expect(reply.statusCode).toBe(200);
    }
    const resets = (await emailsTo(t.db, m.email)).filter((mail) => mail.kind === 'password_reset');
    expect(resets).toHaveLength(3);
    t.clock.advance(60 * 60 * 1000 + 1);
    await post(t.app, '/api/auth/forgot-password', { email: m.email });
    expect((await emailsTo(t.db, m.email)).filter((mail) => mail.kind === 'password_reset')).toHaveLength(4);
  });

  it('refuses a common password from a reset link without using it up', async () => {
    const m = await member();
    await post(t.app, '/api/auth/forgot-password', { email: m.email });
    const token = await tokenFromMail(t.db, m.email, 'reset-password');
    const common = await post(t.app, '/api/auth/reset-password', { token, password: 'password123' });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const ok = await post(t.app, '/api/auth/reset-password', { token, password: 'amber-lantern-7720' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('forgot password per client address', () => {
  it('is rate-limited per IP', async () => {
    const t = await createTestApp('pglite', {
      configure: (config) => {
        config.limits.accountLinksPerIpPerHour = 2;
      },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (await post(t.app, '/api/auth/forgot-password', { email: `x${i}@example.org` })).statusCode,
        );
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
