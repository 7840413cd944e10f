import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, tokenFromMail } from '#server/test/email-support.ts';
import { get, newMember, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('email verification (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t?.close());

  async function member(overrides: Record<string, string> = {}) {
    const form = newMember(overrides);
    const reply = await post(t.app, '/api/auth/register', form);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().user.emailVerified).toBe(false);
    return { ...form, auth: { authorization: reply.json().sessionId as string } };
  }

  it('sends a link at sign-up that verifies the address once', async () => {
    const m = await member({ language: 'es' });
    const [mail] = await emailsTo(t.db, m.email);
    expect(mail).toMatchObject({ kind: 'verify_email', language: 'es', status: 'queued' });
    expect(mail!.subject).toBe('Confirma tu dirección de correo – SaveCircle');
    const token = await tokenFromMail(t.db, m.email, 'verify-email');

    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await get(t.app, '/api/user', m.auth)).json()).toMatchObject({
      emailVerified: true,
      language: 'es',
    });
    const reused = await post(t.app, '/api/auth/verify-email', { token });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('LINK_USED');
    const resend = await post(t.app, '/api/auth/resend-verification', undefined, m.auth);
    expect(resend.json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('refuses an expired link and a forged one', async () => {
    const m = await member();
    const token = await tokenFromMail(t.db, m.email, 'verify-email');
    const forged = await post(t.app, '/api/auth/verify-email', { token: 'Z'.repeat(43) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('LINK_INVALID');
    t.clock.advance(48 * 60 * 60 * 1000 + 1);
    const expired = await post(t.app, '/api/auth/verify-email', { token });
    expect(expired.json().code).toBe('LINK_EXPIRED');
    expect((await get(t.app, '/api/user', m.auth)).json().emailVerified).toBe(false);
  });

  it('resends a new link, at most three an hour counting the sign-up one', async () => {
    const m = await member();
    expect((await post(t.app, '/api/auth/resend-verification', undefined, m.auth)).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/resend-verification', undefined, m.auth)).statusCode).toBe(200);
    const refused = await post(t.app, '/api/auth/resend-verification', undefined, m.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await emailsTo(t.db, m.email)).toHaveLength(3);
    // Any of the links works; the newest one here.
    const token = await tokenFromMail(t.db, m.email, 'verify-email');
    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('needs a session to resend', async () => {
    expect((await post(t.app, '/api/auth/resend-verification')).statusCode).toBe(401);
  });
});
