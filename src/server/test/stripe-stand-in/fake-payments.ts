import { create, fcAccount, list, metadataOf, missing, ok, type Route } from './fake-objects.ts';

/** Customers, bank links, SetupIntents, PaymentIntents and Identity sessions. */
export const paymentRoutes: Route[] = [
  [
    'POST',
    /^\/v1\/customers$/,
    (s, { body }) =>
      ok(
        create(s, 'cus', {
          object: 'customer',
          email: body.email,
          name: body.name,
          metadata: metadataOf(body),
        }),
      ),
  ],
  [
    'GET',
    /^\/v1\/customers\/([^/]+)$/,
    (s, _r, id) => (s.objects.has(id) ? ok(s.objects.get(id)) : missing(id)),
  ],
  [
    'POST',
    /^\/v1\/customers\/([^/]+)$/,
    (s, { body }, id) => {
      const customer = s.objects.get(id);
      if (!customer) return missing(id);
      customer.metadata = { ...(customer.metadata as object), ...metadataOf(body) };
      return ok(customer);
    },
  ],
  [
    'POST',
    /^\/v1\/financial_connections\/sessions$/,
    (s, { body }) => {
      const holder = body.account_holder as { customer: string };
      if (!s.objects.has(holder.customer)) return missing(holder.customer, 'account_holder[customer]');
      const session = create(s, 'fcsess', {
        object: 'financial_connections.session',
        account_holder: { type: 'customer', customer: holder.customer },
        accounts: list([], '/v1/financial_connections/accounts'),
        filters: body.filters,
        permissions: body.permissions,
      });
      session.client_secret = `${session.id}_secret_standin`;
      return ok(session);
    },
  ],
  [
    'GET',
    /^\/v1\/financial_connections\/sessions\/([^/]+)$/,
    (s, _r, id) => {
      const session = s.objects.get(id);
      if (!session) return missing(id);
      return ok({
        ...session,
        accounts: list(s.linkedAccounts ?? [fcAccount()], '/v1/financial_connections/accounts'),
      });
    },
  ],
  [
    'POST',
    /^\/v1\/setup_intents$/,
    (s, { body }) => {
      const data = body.payment_method_data as { us_bank_account: { financial_connections_account: string } };
      const fca = (s.linkedAccounts ?? [fcAccount()]).find(
        (a) => a.id === data.us_bank_account.financial_connections_account,
      );
      const method = create(s, 'pm', {
        object: 'payment_method',
        type: 'us_bank_account',
        customer: body.customer,
        us_bank_account: {
          bank_name: 'STRIPE TEST BANK',
          last4: fca?.last4,
          routing_number: '110000000',
          account_type: fca?.subcategory,
          fingerprint: `fp_${fca?.institution_name}_${fca?.last4}`,
          financial_connections_account: fca?.id,
        },
      });
      const mandate = create(s, 'mandate', {
        object: 'mandate',
        type: 'multi_use',
        payment_method: method.id,
      });
      return ok(
        create(s, 'seti', {
          object: 'setup_intent',
          status: 'succeeded',
          customer: body.customer,
          usage: body.usage,
          payment_method: method,
          mandate: mandate.id,
        }),
      );
    },
  ],
  [
    'POST',
    /^\/v1\/payment_intents$/,
    (s, { body }) =>
      ok(
        create(s, 'pi', {
          object: 'payment_intent',
          status: 'processing',
          amount: Number(body.amount),
          currency: body.currency,
          customer: body.customer,
          payment_method: body.payment_method,
          mandate: body.mandate,
          metadata: metadataOf(body),
        }),
      ),
  ],
  [
    'POST',
    /^\/v1\/identity\/verification_sessions$/,
    (s, { body }) => {
      const session = create(s, 'vs', {
        object: 'identity.verification_session',
        type: body.type,
        status: 'requires_input',
        metadata: metadataOf(body),
      });
      session.url = `https://verify.stripe.com/start/test_${session.id}`;
      return ok(session);
    },
  ],
];
