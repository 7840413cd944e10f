import { create, type FakeStripeState, list, metadataOf, missing, ok, type Route } from './fake-objects.ts';
import type { StandInReply } from './stripe-stand-in.ts';

/**
 * What a connected account reports about onboarding: payouts enabled, or Stripe still needs the
 * member's identity details and terms acceptance.
 */
function onboardingState(s: FakeStripeState) {
  const due = s.payoutsEnabled ? [] : ['individual.dob.day', 'individual.ssn_last_4', 'tos_acceptance.date'];
  return {
    payouts_enabled: s.payoutsEnabled,
    requirements: {
      currently_due: due,
      eventually_due: due,
      past_due: due,
      pending_verification: [],
      disabled_reason: s.payoutsEnabled ? null : 'requirements.past_due',
    },
  };
}

const invalid = (param: string, message: string): StandInReply => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code: 'url_invalid', param, message } },
});

/** Connect: connected accounts, their onboarding links, their banks, transfers and payouts. */
export const connectRoutes: Route[] = [
  [
    'POST',
    /^\/v1\/accounts$/,
    (s, { body }) =>
      ok(
        create(s, 'acct', {
          object: 'account',
          type: 'custom',
          country: 'US',
          email: body.email,
          metadata: metadataOf(body),
          ...onboardingState(s),
        }),
      ),
  ],
  [
    'GET',
    /^\/v1\/accounts\/([^/]+)$/,
    (s, _r, id) => (s.objects.has(id) ? ok({ ...s.objects.get(id), ...onboardingState(s) }) : missing(id)),
  ],
  [
    'POST',
    /^\/v1\/account_links$/,
    (s, { body }) => {
      const account = body.account as string;
      if (!s.objects.has(account)) return missing(account, 'account');
      // Stripe refuses relative URLs here.
      for (const param of ['return_url', 'refresh_url'])
        if (!URL.canParse(String(body[param] ?? '')))
          return invalid(param, `Not a valid URL: ${String(body[param] ?? '')}`);
      s.counter += 1;
      return ok({
        object: 'account_link',
        created: 1_760_000_000,
        expires_at: 1_760_000_300,
        url: `https://connect.stripe.com/setup/c/${account}/standin_${s.counter}`,
      });
    },
  ],
  [
    'GET',
    /^\/v1\/accounts\/([^/]+)\/external_accounts$/,
    (s, r, id) =>
      ok(
        list(
          [...s.objects.values()].filter((o) => o.object === 'bank_account' && o.account === id),
          r.path,
        ),
      ),
  ],
  [
    'POST',
    /^\/v1\/tokens$/,
    (s, { body }) => {
      const method = s.objects.get((body.bank_account as { payment_method: string }).payment_method);
      const bank = method?.us_bank_account as { fingerprint: string; last4: string; routing_number: string };
      return ok(
        create(s, 'btok', {
          object: 'token',
          type: 'bank_account',
          used: false,
          bank_account: {
            id: `ba_tok_${s.counter}`,
            object: 'bank_account',
            fingerprint: bank.fingerprint,
            last4: bank.last4,
            routing_number: bank.routing_number,
            country: 'US',
            currency: 'usd',
          },
        }),
      );
    },
  ],
  [
    'POST',
    /^\/v1\/accounts\/([^/]+)\/external_accounts$/,
    (s, { body }, id) => {
      const token = s.objects.get(body.external_account as string);
      const bank = token?.bank_account as Record<string, unknown>;
      return ok(
        create(s, 'ba', {
          ...bank,
          object: 'bank_account',
          account: id,
          status: 'new',
          metadata: metadataOf(body),
          available_payout_methods: ['standard', 'instant'],
        }),
      );
    },
  ],
  [
    'GET',
    /^\/v1\/transfers$/,
    (s, r) =>
      ok(
        list(
          [...s.objects.values()].filter(
            (o) => o.object === 'transfer' && o.transfer_group === r.query.transfer_group,
          ),
          r.path,
        ),
      ),
  ],
  [
    'POST',
    /^\/v1\/transfers$/,
    (s, { body }) =>
      ok(
        create(s, 'tr', {
          object: 'transfer',
          amount: Number(body.amount),
          currency: body.currency,
          destination: body.destination,
          transfer_group: body.transfer_group,
          reversed: false,
          amount_reversed: 0,
          metadata: metadataOf(body),
        }),
      ),
  ],
  [
    'GET',
    /^\/v1\/transfers\/([^/]+)$/,
    (s, _r, id) => (s.objects.has(id) ? ok(s.objects.get(id)) : missing(id)),
  ],
  [
    'POST',
    /^\/v1\/transfers\/([^/]+)\/reversals$/,
    (s, _r, id) => {
      const transfer = s.objects.get(id);
      if (!transfer) return missing(id);
      Object.assign(transfer, { reversed: true, amount_reversed: transfer.amount });
      return ok(create(s, 'trr', { object: 'transfer_reversal', amount: transfer.amount, transfer: id }));
    },
  ],
  [
    'POST',
    /^\/v1\/payouts$/,
    (s, { body }) =>
      ok(
        create(s, 'po', {
          object: 'payout',
          status: 'pending',
          amount: Number(body.amount),
          currency: body.currency,
          method: body.method,
          destination: body.destination,
          metadata: metadataOf(body),
        }),
      ),
  ],
];
