import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '#server/db/verification-schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import {
  auditActionsOf,
  latestOutbox,
  notificationsOf,
  otherThan,
  type TestApp,
} from '#server/test/verification-support.ts';

const MINUTE = 60_000;
const NUMBER = '+1 202 555 0123';

describe.each(testEngines)('phone verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (auth: Record<string, string>, phoneNumber = NUMBER) =>
    post(t.app, '/api/verification/phone', { phoneNumber }, auth);
  const confirm = (auth: Record<string, string>, code: string, phoneNumber = NUMBER) =>
    post(t.app, '/api/verification/phone', { phoneNumber, code }, auth);
  const status = async (auth: Record<string, string>) => (await get(t.app, '/api/verification', auth)).json();

  it('texts a code through the outbox (and the sandbox bell), keeps only its hash, and verifies the number', async () => {
    const ana = await signUp(t.app);
    const sent = await send(ana.auth, '(202) 555-0123');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      message: 'Verification code sent',
      phoneNumber: '+1 ••••••0123',
    });
    expect(await status(ana.auth)).toMatchObject({
      phone: 'pending',
      phoneNumber: '+1 ••••••0123',
      overallScore: 0,
    });

    const text = await latestOutbox(t, ana.id, 'sms');
    expect(text.destination).toBe('+12025550123');
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, ana.id));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(text.code);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * MINUTE);
    const bell = (await notificationsOf(t, ana.id)).find((n) => n.type === 'verification_code_texted');
    expect(bell?.data).toEqual({ destination: '+1 ••••••0123', code: text.code, minutes: 10 });

    const confirmed = await confirm(ana.auth, text.code, '+12025550123');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().verification).toMatchObject({
      phone: 'verified',
      overallScore: 15,
      trustLevel: 'low',
    });
    expect(await status(ana.auth)).toMatchObject({ phone: 'verified', identity: 'not_started' });
    expect((await confirm(ana.auth, text.code)).json().code).toBe('ALREADY_VERIFIED');
    expect((await send(ana.auth)).json().code).toBe('ALREADY_VERIFIED');
    expect(await auditActionsOf(t, ana.id)).toEqual(
      expect.arrayContaining(['phone_code_sent', 'phone_verified']),
    );
  });

  it('counts wrong codes and uses the code up at the fifth, even with the right one after', async () => {
    const ben = await signUp(t.app);
    await send(ben.auth);
    const { code } = await latestOutbox(t, ben.id, 'sms');
    for (let i = 1; i <= 4; i++) {
      const wrong = await confirm(ben.auth, otherThan(code));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
        message: 'That code is not right. Check the message and try again.',
      });
    }
    const fifth = await confirm(ben.auth, otherThan(code));
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().code).toBe('VERIFICATION_CODE_EXPIRED');
    expect((await confirm(ben.auth, code)).statusCode).toBe(410);
    expect((await status(ben.auth)).phone).toBe('failed');

    // A new code starts afresh.
    await send(ben.auth);
    const fresh = await latestOutbox(t, ben.id, 'sms');
    expect((await confirm(ben.auth, fresh.code)).statusCode).toBe(200);
  });

  it('expires a code after ten minutes, and a newer code replaces an older one', async () => {
    const cy = await signUp(t.app);
    await send(cy.auth);
    const first = await latestOutbox(t, cy.id, 'sms');
    t.clock.advance(10 * MINUTE);
    const late = await confirm(cy.auth, first.code);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This code has expired or was tried too many times. Ask for a new one.');

    await send(cy.auth);
    const second = await latestOutbox(t, cy.id, 'sms');
    await send(cy.auth);
    const third = await latestOutbox(t, cy.id, 'sms');
    if (second.code !== third.code) expect((await confirm(cy.auth, second.code)).statusCode).toBe(422);
    t.clock.advance(9 * MINUTE);
    expect((await confirm(cy.auth, third.code)).statusCode).toBe(200);
  });

  it('takes the code alone, for the number it was sent to, when the person comes back later', async () => {
    const hal = await signUp(t.app);
    await send(hal.auth, '+44 7911 123456');
    const { code } = await latestOutbox(t, hal.id, 'sms');
    const reply = await post(t.app, '/api/verification/phone', { code }, hal.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().verification).toMatchObject({ phone: 'verified', phoneNumber: '+44 ••••••3456' });
  });

  it('needs a code sent to that very number first', async () => {
    const dee = await signUp(t.app);
    const empty = await post(t.app, '/api/verification/phone', {}, dee.auth);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ path: 'phoneNumber', key: 'phoneNumberInvalid' });
    const none = await confirm(dee.auth, '123456');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_CODE_SENT', message: 'Ask for a code first' });
    await send(dee.auth);
    const { code } = await latestOutbox(t, dee.id, 'sms');
    expect((await confirm(dee.auth, code, '+1 415 555 2671')).json().code).toBe('NO_CODE_SENT');
    expect((await status(dee.auth)).phone).toBe('pending');
  });

  it('sends at most three codes an hour', async () => {
    const eve = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await send(eve.auth)).statusCode).toBe(200);
    const fourth = await send(eve.auth);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(fourth.headers['retry-after'])).toBe(3600);
    t.clock.advance(61 * MINUTE);
    expect((await send(eve.auth)).statusCode).toBe(200);
  });

  it.each([['12345'], ['+1 555 123 4567'], ['call me maybe'], ['']])(
    'refuses the number %j with the validation message',
    async (phoneNumber) => {
      const fay = await signUp(t.app);
      const reply = await send(fay.auth, phoneNumber);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(
        'Enter a valid phone number with its country code, like +1 202 555 0123',
      );
      expect((await confirm(fay.auth, 'abc')).json().message).toBe('Enter the 6-digit code');
    },
  );

  it('acts only for the signed-in person', async () => {
    const gus = await signUp(t.app);
    const other = await signUp(t.app);
    const forged = await post(
      t.app,
      '/api/verification/phone',
      { userId: other.id, phoneNumber: NUMBER },
      gus.auth,
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('FORBIDDEN');
    expect(
      (await post(t.app, '/api/verification/phone', { userId: gus.id, phoneNumber: NUMBER }, gus.auth))
        .statusCode,
    ).toBe(200);
    expect((await post(t.app, '/api/verification/phone', { phoneNumber: NUMBER })).statusCode).toBe(401);
    expect((await get(t.app, '/api/verification')).statusCode).toBe(401);
  });
});
