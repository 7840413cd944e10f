import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { contributions } from '#server/db/groups-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { users } from '#server/db/schema.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { post } from '#server/test/http-helpers.ts';
import { useStripeApp } from '#server/test/stripe-stand-in/app-fixture.ts';
import { stripeEvent } from '#server/test/stripe-stand-in/signed-events.ts';
import { testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('Stripe bank links and ACH debits through the app on %s', (engine) => {
  const { fixture, deliver, memberWithBank } = useStripeApp(engine);

  it('links a bank with Stripe.js in the browser and stores it verified, with its Stripe ids', async () => {
    const user = await memberWithBank();
    expect(user.session).toMatchObject({
      provider: { name: 'stripe', movesRealMoney: false },
      hostedUrl: null,
      publishableKey: 'pk_test_savecircle_standin',
      clientSecret: expect.stringMatching(/^fcsess_/),
    });
    expect(user.bankAccount).toMatchObject({
      bankName: 'StripeBank',
      last4: '6789',
      accountType: 'checking',
      status: 'verified',
    });
    const [row] = await fixture.t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, user.id));
    const [person] = await fixture.t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ provider: 'stripe', providerData: { customerId: person?.stripeCustomerId } });
    expect(person).toMatchObject({ bankAccountVerified: true, bankAccountLast4: '6789' });
    const setup = fixture.standIn.calls('POST', '/v1/setup_intents').at(-1)?.body as {
      mandate_data: unknown;
    };
    expect(setup.mandate_data).toEqual({
      customer_acceptance: {
        type: 'online',
        online: { ip_address: '127.0.0.1', user_agent: 'lightMyRequest' },
      },
    });
  });

  it('settles a contribution paid by ACH debit when the PaymentIntent succeeds or fails', async () => {
    const admin = await memberWithBank();
    const group = (
      await post(
        fixture.t.app,
        '/api/groups',
        { name: 'Stripe Chama', contributionAmount: '60', memberLimit: 3, startDate: '2026-03-10' },
        admin.auth,
      )
    ).json();
    const payer = await memberWithBank();
    const unlucky = await memberWithBank();
    for (const m of [payer, unlucky])
      await post(fixture.t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);

    const debitOf = async (userId: number) => {
      const accepted = await post(
        fixture.t.app,
        `/api/groups/${group.id}/contributions/bank-debit`,
        {},
        userId === payer.id ? payer.auth : unlucky.auth,
      );
      expect(accepted.statusCode, accepted.body).toBe(202);
      const [debit] = await fixture.t.db.select().from(bankDebits).where(eq(bankDebits.userId, userId));
      return debit!;
    };
    const contributionOf = async (userId: number) =>
      (
        await fixture.t.db
          .select()
          .from(contributions)
          .where(and(eq(contributions.groupId, group.id), eq(contributions.userId, userId)))
      )[0]!;

    const debit = await debitOf(payer.id);
    const intent = fixture.standIn.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(intent.idempotencyKey).toBe(`debit:${debit.id}`);
    expect(intent.body).toMatchObject({
      amount: '6000',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
    });
    expect(debit).toMatchObject({ status: 'processing', providerRef: expect.stringMatching(/^pi_/) });
    expect(
      (
        await deliver(
          stripeEvent('payment_intent.succeeded', {
            id: debit.providerRef,
            object: 'payment_intent',
            status: 'succeeded',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await contributionOf(payer.id)).status).toBe('paid');

    const other = await debitOf(unlucky.id);
    const failure = {
      id: other.providerRef,
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'insufficient_funds', message: 'Insufficient funds' },
    };
    expect((await deliver(stripeEvent('payment_intent.payment_failed', failure))).statusCode).toBe(200);
    const [failed] = await fixture.t.db.select().from(bankDebits).where(eq(bankDebits.id, other.id));
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect((await contributionOf(unlucky.id)).status).toBe('pending');
    expect(await checkLedgerInvariants(fixture.t.db)).toEqual([]);
  });
});
