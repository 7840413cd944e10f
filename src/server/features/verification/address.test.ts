import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import {
  auditActionsOf,
  latestOutbox,
  notificationsOf,
  otherThan,
  type TestApp,
} from '#server/test/verification-support.ts';

const DAY = 86_400_000;
const home = { line1: '12 Harbor St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

describe.each(testEngines)('address verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  const send = (auth: Record<string, string>, address: object = home) =>
    post(t.app, '/api/verification/address', address, auth);
  const confirm = (auth: Record<string, string>, code: string) =>
    post(t.app, '/api/verification/address/confirm', { code }, auth);
  const status = async (auth: Record<string, string>) => (await get(t.app, '/api/verification', auth)).json();

  it('records the address, mails a code to it, and verifies it with the code from the letter', async () => {
    const ana = await signUp(t.app, { fullName: 'Ana Torres' });
    const sent = await send(ana.auth, { ...home, line2: '  ' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await status(ana.auth)).toMatchObject({ address: 'pending', postalAddress: home });

    const letter = await latestOutbox(t, ana.id, 'mail');
    expect(letter.destination).toBe('Ana Torres, 12 Harbor St, Springfield, IL 62701, US');
    const bell = (await notificationsOf(t, ana.id)).find((n) => n.type === 'verification_code_mailed');
    expect(bell?.data).toEqual({ destination: '12 Harbor St, Springfield', code: letter.code, days: 30 });

    expect((await confirm(ana.auth, otherThan(letter.code))).json().code).toBe('VERIFICATION_CODE_INVALID');
    // Letters take days: the code is still good three weeks later.
    t.clock.advance(21 * DAY);
    const confirmed = await confirm(ana.auth, letter.code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().verification).toMatchObject({ address: 'verified', overallScore: 15 });
    expect((await send(ana.auth)).json().code).toBe('ALREADY_VERIFIED');
    expect(await auditActionsOf(t, ana.id)).toEqual(
      expect.arrayContaining(['address_code_sent', 'address_code_rejected', 'address_verified']),
    );
  });

  it('keeps a second line, and a new letter replaces the address and the code', async () => {
    const ben = await signUp(t.app);
    await send(ben.auth, { ...home, line2: 'Apt 4' });
    const first = await latestOutbox(t, ben.id, 'mail');
    const moved = {
      line1: '3 Rue Oberkampf',
      city: 'Paris',
      region: 'Île-de-France',
      postalCode: '75011',
      country: 'FR',
    };
    await send(ben.auth, moved);
    expect((await status(ben.auth)).postalAddress).toEqual(moved);
    const second = await latestOutbox(t, ben.id, 'mail');
    expect(second.destination).toContain('3 Rue Oberkampf, Paris, Île-de-France 75011, FR');
    if (first.code !== second.code) expect((await confirm(ben.auth, first.code)).statusCode).toBe(422);
    expect((await confirm(ben.auth, second.code)).statusCode).toBe(200);
  });

  it('expires a letter after 30 days and sends at most three a week', async () => {
    const cy = await signUp(t.app);
    expect((await confirm(cy.auth, '123456')).json().code).toBe('NO_CODE_SENT');
    await send(cy.auth);
    const letter = await latestOutbox(t, cy.id, 'mail');
    t.clock.advance(30 * DAY);
    expect((await confirm(cy.auth, letter.code)).statusCode).toBe(410);
    for (let i = 0; i < 3; i++) expect((await send(cy.auth)).statusCode).toBe(200);
    expect((await send(cy.auth)).statusCode).toBe(429);
    t.clock.advance(7 * DAY);
    expect((await send(cy.auth)).statusCode).toBe(200);
  });

  it('uses a letter up after five wrong codes and marks the check failed', async () => {
    const dee = await signUp(t.app);
    await send(dee.auth);
    const { code } = await latestOutbox(t, dee.id, 'mail');
    for (let i = 0; i < 4; i++) expect((await confirm(dee.auth, otherThan(code))).statusCode).toBe(422);
    expect((await confirm(dee.auth, otherThan(code))).statusCode).toBe(410);
    expect((await status(dee.auth)).address).toBe('failed');
  });

  it.each([
    [{ ...home, line1: ' ' }, 'Enter the street address'],
    [{ ...home, city: '' }, 'Enter the city or town'],
    [{ ...home, region: undefined }, 'Enter the state, province or region'],
    [{ ...home, postalCode: '!' }, 'Enter a valid postal code'],
    [{ ...home, country: 'Narnia' }, 'Choose a country'],
    [{ ...home, line2: 'x'.repeat(101) }, 'Keep each address line to 100 characters or fewer'],
  ])('refuses %o with "%s" and records nothing', async (address, message) => {
    const eve = await signUp(t.app);
    const reply = await send(eve.auth, address);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect((await status(eve.auth)).address).toBe('not_started');
  });

  it('acts only for the signed-in person', async () => {
    const fay = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await send(fay.auth, { ...home, userId: other.id })).statusCode).toBe(403);
    expect(
      (await post(t.app, '/api/verification/address/confirm', { userId: other.id, code: '123456' }, fay.auth))
        .statusCode,
    ).toBe(403);
    expect((await send({})).statusCode).toBe(401);
  });
});
