import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handlePaymentEvent } from '#server/payments/events.ts';
import { paymentProviderFor } from '#server/payments/provider.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { auditActionsOf, notificationsOf, type TestApp } from '#server/test/verification-support.ts';

const person = { legalName: 'Ana María Torres', dateOfBirth: '1990-04-12', documentType: 'passport' };

describe.each(testEngines)('identity verification through the sandbox on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual' });
  });
  afterAll(() => t.close());

  const settle = () => t.jobs!.drain({ only: ['payment-event'], includeDelayed: true });
  const start = (auth: Record<string, string>, body: object = {}) =>
    post(t.app, '/api/stripe/identity-verification', body, auth);
  const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;
  const sessionUrl = (ref: string) => `/api/sandbox/identity-sessions/${encodeURIComponent(ref)}`;
  const submit = (auth: Record<string, string>, ref: string, documentNumber: string) =>
    post(t.app, `${sessionUrl(ref)}/submit`, { ...person, documentNumber }, auth);
  const identity = async (auth: Record<string, string>) =>
    (await get(t.app, '/api/verification', auth)).json().identity;

  it('verifies a person whose documents pass, after the settlement delay, once', async () => {
    const ana = await signUp(t.app);
    const started = await start(ana.auth, { userId: ana.id });
    expect(started.statusCode, started.body).toBe(200);
    const { verificationUrl } = started.json();
    expect(verificationUrl).toMatch(/^\/sandbox\/identity\?session=sbx_idv_/);
    const ref = sessionOf(verificationUrl);
    expect(await identity(ana.auth)).toBe('pending');
    expect((await get(t.app, sessionUrl(ref), ana.auth)).json()).toEqual({
      status: 'open',
      outcome: null,
      settlementSeconds: 60,
    });

    const sent = await submit(ana.auth, ref, 'pass 0000');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'submitted', outcome: 'verified' });
    expect((await submit(ana.auth, ref, 'PASS0000')).json().code).toBe('VERIFICATION_SESSION_USED');
    // The outcome travels like a webhook: nothing changes until the job queue delivers it.
    expect(await identity(ana.auth)).toBe('pending');
    expect(await settle()).toBe(1);
    const after = (await get(t.app, '/api/verification', ana.auth)).json();
    expect(after).toMatchObject({ identity: 'verified', overallScore: 40, trustLevel: 'low' });
    expect((await notificationsOf(t, ana.id)).map((n) => n.type)).toEqual(['identity_verified']);

    // The same event again, or a late failure for the same session, changes nothing.
    await handlePaymentEvent(t.ctx, { type: 'identity.verified', providerRef: ref });
    await handlePaymentEvent(t.ctx, {
      type: 'identity.failed',
      providerRef: ref,
      failureCode: 'document_expired',
      failureMessage: 'late',
    });
    expect(await identity(ana.auth)).toBe('verified');
    expect(await notificationsOf(t, ana.id)).toHaveLength(1);
    expect((await start(ana.auth)).json().code).toBe('ALREADY_VERIFIED');
    expect(await auditActionsOf(t, ana.id)).toEqual([
      'sign_up',
      'identity_verification_started',
      'identity_verified',
    ]);
  });

  it('fails a test document that is meant to fail, lets the person try again, and ignores the old session', async () => {
    const ben = await signUp(t.app);
    const first = sessionOf((await start(ben.auth)).json().verificationUrl);
    expect((await submit(ben.auth, first, 'FAIL0001')).json().outcome).toBe('failed');
    await settle();
    expect(await identity(ben.auth)).toBe('failed');
    expect((await notificationsOf(t, ben.id)).map((n) => n.type)).toEqual(['identity_verification_failed']);

    const second = sessionOf((await start(ben.auth)).json().verificationUrl);
    expect(second).not.toBe(first);
    expect(await identity(ben.auth)).toBe('pending');
    await handlePaymentEvent(t.ctx, { type: 'identity.verified', providerRef: first });
    expect(await identity(ben.auth)).toBe('pending');
    await submit(ben.auth, second, 'D12345678');
    await settle();
    expect(await identity(ben.auth)).toBe('verified');
  });

  it('keeps no name, birth date or document number anywhere', async () => {
    const cy = await signUp(t.app);
    const ref = sessionOf((await start(cy.auth)).json().verificationUrl);
    await submit(cy.auth, ref, 'ZQ9876543');
    await settle();
    for (const table of [
      'sandbox_identity_submissions',
      'user_verifications',
      'audit_log',
      'notifications',
    ]) {
      const result = await t.db.execute(sql.raw(`select row_to_json(x)::text as row from ${table} x`));
      const text = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
      expect(text.length, table).toBeGreaterThan(2);
      expect(text, table).not.toContain('ZQ9876543');
      expect(text, table).not.toContain('1990-04-12');
      expect(text, table).not.toContain('Ana María');
    }
  });

  it('gives the processor an absolute return address, and says so when the processor is down', async () => {
    const gil = await signUp(t.app);
    const provider = paymentProviderFor(t.ctx.config.payments);
    const spy = vi.spyOn(provider, 'createIdentityVerification');
    try {
      expect((await start(gil.auth)).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledWith({ userId: gil.id, returnUrl: 'http://localhost/dashboard' });
      spy.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
      const down = await start(gil.auth);
      expect(down.statusCode).toBe(502);
      expect(down.json().code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      spy.mockRestore();
    }
  });

  it('shows a session only to its person, and checks what is typed', async () => {
    const dee = await signUp(t.app);
    const eve = await signUp(t.app);
    const ref = sessionOf((await start(dee.auth)).json().verificationUrl);
    expect((await get(t.app, sessionUrl(ref), eve.auth)).json().code).toBe('VERIFICATION_SESSION_NOT_FOUND');
    expect((await submit(eve.auth, ref, 'PASS0000')).statusCode).toBe(404);
    // A forged signature: the last two hex digits changed (to '00', or to 'ff' when they were '00').
    const forged = `${ref.slice(0, -2)}${ref.endsWith('00') ? 'ff' : '00'}`;
    expect((await get(t.app, sessionUrl(forged), dee.auth)).statusCode).toBe(404);
    expect((await get(t.app, sessionUrl('sbx_idv_1_x_y'), dee.auth)).statusCode).toBe(404);
    for (const [body, message] of [
      [{ ...person, documentNumber: 'A1' }, 'Document numbers are 4 to 20 letters and digits'],
      [{ ...person, dateOfBirth: '1990-02-30', documentNumber: 'PASS0000' }, 'Enter a valid date of birth'],
      [{ ...person, dateOfBirth: '2999-01-01', documentNumber: 'PASS0000' }, 'Enter a valid date of birth'],
      [{ ...person, documentType: 'library_card', documentNumber: 'PASS0000' }, 'Choose a document type'],
      [{ ...person, legalName: ' ', documentNumber: 'PASS0000' }, 'Full name must be at least 2 characters'],
    ] as const) {
      const reply = await post(t.app, `${sessionUrl(ref)}/submit`, body, dee.auth);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect((await get(t.app, sessionUrl(ref), dee.auth)).json().status).toBe('open');
  });

  it('acts only for the signed-in person', async () => {
    const fay = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await start(fay.auth, { userId: other.id })).json().code).toBe('FORBIDDEN');
    expect(await identity(fay.auth)).toBe('not_started');
    // The spec's client may send no body at all.
    expect((await post(t.app, '/api/stripe/identity-verification', undefined, fay.auth)).statusCode).toBe(
      200,
    );
    expect((await start({})).statusCode).toBe(401);
    expect((await post(t.app, '/api/stripe/identity-verification')).statusCode).toBe(401);
  });
});
