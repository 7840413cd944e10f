import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '#server/core/notify.ts';
import { unsubscribeToken } from '#server/core/unsubscribe-tokens.ts';
import { notifications, users } from '#server/db/schema.ts';
import { emailsTo, tokenFromMail } from '#server/test/email-support.ts';
import { del, get, newMember, post, put, type Reply } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(testEngines)('account settings (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t?.close());

  const patch = (url: string, payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url, payload: payload as object, headers }) as Promise<Reply>;

  async function member() {
    const form = newMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: form,
      headers: { 'user-agent': FIREFOX },
    });
    expect(reply.statusCode).toBe(201);
    const body = reply.json();
    return { ...form, id: body.user.id as number, auth: { authorization: body.sessionId as string } };
  }

  async function signIn(m: { username: string; password: string }, userAgent = IPHONE) {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: m.username, password: m.password },
      headers: { 'user-agent': userAgent },
    });
    expect(reply.statusCode).toBe(200);
    return { authorization: reply.json().sessionId as string };
  }

  it('updates name, language and time zone, and refuses bad values storing nothing', async () => {
    const m = await member();
    const ok = await patch(
      '/api/user/profile',
      { fullName: 'Ana Lima', language: 'ar', timeZone: 'Asia/Seoul' },
      m.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', m.auth)).json()).toMatchObject({
      fullName: 'Ana Lima',
      language: 'ar',
      timeZone: 'Asia/Seoul',
    });
    for (const body of [
      { language: 'de' },
      { timeZone: 'Mars/Olympus' },
      { fullName: 'Ana\u0000Lima' },
      { fullName: 'x'.repeat(101) },
      { fullName: 'A' },
      { timeZone: 'Asia/Seoul', isOperator: true },
    ]) {
      const refused = await patch('/api/user/profile', body, m.auth);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await get(t.app, '/api/user', m.auth)).json()).toMatchObject({
      fullName: 'Ana Lima',
      language: 'ar',
      timeZone: 'Asia/Seoul',
      isOperator: false,
    });
  });

  it('changes the password with the current one, ending other sessions but this one', async () => {
    const m = await member();
    const phone = await signIn(m);
    const wrong = await post(
      t.app,
      '/api/user/password',
      { currentPassword: 'not-my-password-1', newPassword: 'amber-quay-7740' },
      m.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await get(t.app, '/api/user', phone)).statusCode).toBe(200);
    await signIn(m); // the old password still works

    const changed = await post(
      t.app,
      '/api/user/password',
      { currentPassword: m.password, newPassword: 'amber-quay-7740' },
      m.auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', m.auth)).statusCode).toBe(200);
    expect((await get(t.app, '/api/user', phone)).statusCode).toBe(401);
    await signIn({ username: m.username, password: 'amber-quay-7740' });
    const [mail] = await emailsTo(t.db, m.email);
    expect(mail).toMatchObject({ kind: 'password_changed' });
    expect(mail!.textBody).toContain('every other device');
  });

  it('locks the current-password check like sign-in', async () => {
    const m = await member();
    let last: Reply | undefined;
    for (let i = 0; i < 12; i++) {
      last = await post(
        t.app,
        '/api/user/password',
        { currentPassword: `guess-${i}-xyz`, newPassword: 'amber-quay-7740' },
        m.auth,
      );
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
  });

  it('changes the email only through the link, telling the old address; a taken one is not revealed', async () => {
    const m = await member();
    const other = await member();
    const taken = await post(
      t.app,
      '/api/user/email',
      { currentPassword: m.password, newEmail: other.email.toUpperCase() },
      m.auth,
    );
    expect(taken.statusCode).toBe(200);
    expect(
      (await emailsTo(t.db, other.email)).filter((e) => e.kind === 'verify_email' && e.userId === m.id),
    ).toHaveLength(0);

    const wrong = await post(
      t.app,
      '/api/user/email',
      { currentPassword: 'nope-nope-123', newEmail: 'x@example.org' },
      m.auth,
    );
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');

    const newEmail = `new.${m.email}`;
    const asked = await post(t.app, '/api/user/email', { currentPassword: m.password, newEmail }, m.auth);
    expect(asked.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', m.auth)).json().email).toBe(m.email);
    const token = await tokenFromMail(t.db, newEmail, 'verify-email');
    expect((await emailsTo(t.db, newEmail))[0]!.textBody).toContain('You asked to use this address');
    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await get(t.app, '/api/user', m.auth)).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    const [notice] = await emailsTo(t.db, m.email);
    expect(notice).toMatchObject({ kind: 'email_changed' });
    expect(notice!.textBody).toContain(newEmail);
    expect((await post(t.app, '/api/auth/verify-email', { token })).json().code).toBe('LINK_USED');

    const later = `later.${m.email}`;
    await post(t.app, '/api/user/email', { currentPassword: m.password, newEmail: later }, m.auth);
    const expiring = await tokenFromMail(t.db, later, 'verify-email');
    t.clock.advance(48 * 3_600_000 + 1);
    expect((await post(t.app, '/api/auth/verify-email', { token: expiring })).json().code).toBe(
      'LINK_EXPIRED',
    );
    expect((await get(t.app, '/api/user', m.auth)).json().email).toBe(newEmail);
  });

  it('lists devices, signs out one of mine (not another user’s) and every other one', async () => {
    const m = await member();
    const phone = await signIn(m);
    const tablet = await signIn(
      m,
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36',
    );
    const list = (await get(t.app, '/api/user/sessions', m.auth)).json().sessions as {
      id: string;
      browser: string;
      current: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)?.browser).toBe('Firefox on Windows');
    expect(list.map((s) => s.browser).sort()).toEqual([
      'Chrome on Android',
      'Firefox on Windows',
      'Safari on iOS',
    ]);
    expect(JSON.stringify(list)).not.toMatch(/[0-9a-f]{64}/);

    const stranger = await member();
    const phoneId = list.find((s) => s.browser === 'Safari on iOS')!.id;
    expect((await del(t.app, `/api/user/sessions/${phoneId}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(t.app, '/api/user', phone)).statusCode).toBe(200);
    expect((await del(t.app, `/api/user/sessions/${phoneId}`, m.auth)).statusCode).toBe(200);
    expect((await get(t.app, '/api/user', phone)).statusCode).toBe(401);

    expect((await post(t.app, '/api/user/sessions/sign-out-others', undefined, m.auth)).statusCode).toBe(200);
    expect((await get(t.app, '/api/user', tablet)).statusCode).toBe(401);
    expect((await get(t.app, '/api/user/sessions', m.auth)).json().sessions).toHaveLength(1);
  });

  it('keeps notification switches: in-app off writes nothing, security stays on', async () => {
    const m = await member();
    const defaults = (await get(t.app, '/api/user/notification-preferences', m.auth)).json();
    expect(defaults.payouts).toEqual({ inApp: true, email: true });
    const saved = await put(
      t.app,
      '/api/user/notification-preferences',
      { kind: 'payouts', channel: 'inApp', enabled: false },
      m.auth,
    );
    const locked = await put(
      t.app,
      '/api/user/notification-preferences',
      { kind: 'security', channel: 'email', enabled: false },
      m.auth,
    );
    expect(locked.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      payouts: { inApp: false, email: true },
      security: { inApp: true, email: true },
    });

    await t.db.transaction(async (tx) => {
      await notify(tx, new Date(), [m.id], 'payout_received', null, { amount: 100 });
      await notify(tx, new Date(), [m.id], 'payment_due_soon', null, { amount: 100 });
      await notify(tx, new Date(), [m.id], 'identity_verified', null, {});
    });
    const types = (await t.db.select().from(notifications).where(eq(notifications.userId, m.id))).map(
      (n) => n.type,
    );
    expect(types.sort()).toEqual(['identity_verified', 'payment_due_soon']);
  });

  it('unsubscribes one kind by link without a session, refusing forged tokens', async () => {
    const m = await member();
    const secret = t.ctx.config.payments.fingerprintSecret;
    const token = unsubscribeToken(secret, m.id, 'payment_reminders');
    const forged = await post(t.app, '/api/notifications/unsubscribe', {
      token: `${m.id}.payouts.${token.split('.')[2]}`,
    });
    expect(forged.json().code).toBe('LINK_INVALID');
    expect(
      (
        await post(t.app, '/api/notifications/unsubscribe', {
          token: unsubscribeToken('guess', m.id, 'payouts'),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(t.app, '/api/notifications/unsubscribe', {
          token: unsubscribeToken(secret, m.id, 'security'),
        })
      ).statusCode,
    ).toBe(400);

    const ok = await post(t.app, '/api/notifications/unsubscribe', { token });
    expect(ok.json()).toEqual({ success: true, kind: 'payment_reminders' });
    const prefs = (await get(t.app, '/api/user/notification-preferences', m.auth)).json();
    expect(prefs.payment_reminders).toEqual({ inApp: true, email: false });
    expect(prefs.payouts).toEqual({ inApp: true, email: true });
    const [row] = await t.db
      .select({ p: users.notificationPreferences })
      .from(users)
      .where(eq(users.id, m.id));
    expect(row!.p).toEqual({ payment_reminders: { email: false } });
  });

  it('emails a security notice for a sign-in from a browser not seen in 90 days', async () => {
    const m = await member(); // signed up with Firefox
    await signIn(m, FIREFOX);
    expect((await emailsTo(t.db, m.email)).filter((e) => e.kind === 'new_sign_in')).toHaveLength(0);
    await signIn(m, IPHONE);
    await signIn(m, IPHONE);
    const notices = (await emailsTo(t.db, m.email)).filter((e) => e.kind === 'new_sign_in');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain('Safari on iOS');
    t.clock.advance(91 * 24 * 3_600_000);
    await signIn(m, IPHONE);
    expect((await emailsTo(t.db, m.email)).filter((e) => e.kind === 'new_sign_in')).toHaveLength(2);
  });
});
