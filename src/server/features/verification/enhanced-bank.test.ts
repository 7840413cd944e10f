import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { auditActionsOf, type TestApp } from '#server/test/verification-support.ts';
import { SANDBOX_TEST_ROUTING_NUMBER } from '#shared/bank.ts';

const account = (accountNumber: string) => ({
  bankName: 'Harbor Credit Union',
  routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
  accountNumber,
  accountType: 'checking',
});

describe.each(testEngines)('enhanced bank verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const bankCheck = async (auth: Record<string, string>) =>
    (await get(t.app, '/api/verification', auth)).json().bankAccount;

  it('opens the bank-link flow; the bank check follows the linked account to verified', async () => {
    const ana = await signUp(t.app);
    expect(await bankCheck(ana.auth)).toBe('not_started');
    const reply = await post(t.app, '/api/stripe/enhanced-bank-verification', { userId: ana.id }, ana.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    const session = reply.json();
    expect(session).toEqual({
      sessionId: expect.stringMatching(/^bls_/),
      sessionSecret: expect.stringContaining('_secret_'),
      url: `/sandbox/connect?session=${encodeURIComponent(session.sessionId)}`,
      publishableKey: null,
    });
    expect(await auditActionsOf(t, ana.id)).toEqual(
      expect.arrayContaining(['bank_link_started', 'enhanced_bank_verification_started']),
    );

    const linked = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId: session.sessionId, account: account('000123456789') },
      ana.auth,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await bankCheck(ana.auth)).toBe('pending');

    const { notifications } = (await get(t.app, '/api/notifications', ana.auth)).json();
    const statement = notifications.find((n: { type: string }) => n.type === 'bank_micro_deposits_sent');
    const verified = await post(
      t.app,
      `/api/bank-accounts/${linked.json().bankAccount.id}/verify`,
      { amounts: [statement.data.amount1, statement.data.amount2] },
      ana.auth,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await get(t.app, '/api/verification', ana.auth)).json()).toMatchObject({
      bankAccount: 'verified',
      overallScore: 30,
    });
  });

  it('shows a locked account as failed', async () => {
    const ben = await signUp(t.app);
    const { sessionId } = (await post(t.app, '/api/stripe/enhanced-bank-verification', {}, ben.auth)).json();
    const linked = (
      await post(
        t.app,
        '/api/complete-bank-connection',
        { sessionId, account: account('000123456789') },
        ben.auth,
      )
    ).json();
    for (let i = 0; i < 3; i++)
      await post(
        t.app,
        `/api/bank-accounts/${linked.bankAccount.id}/verify`,
        { amounts: ['0.01', '0.01'] },
        ben.auth,
      );
    expect(await bankCheck(ben.auth)).toBe('failed');
  });

  it('acts only for the signed-in person', async () => {
    const cy = await signUp(t.app);
    const other = await signUp(t.app);
    const forged = await post(t.app, '/api/stripe/enhanced-bank-verification', { userId: other.id }, cy.auth);
    expect(forged.statusCode).toBe(403);
    expect((await post(t.app, '/api/stripe/enhanced-bank-verification', {})).statusCode).toBe(401);
  });
});
