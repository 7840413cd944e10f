import type { RecordedRequest, StandInReply } from './stripe-stand-in.ts';

export type Obj = Record<string, unknown> & { id: string };

export type FakeStripeState = {
  counter: number;
  /** What new and retrieved connected accounts report (onboarding done or not). */
  payoutsEnabled: boolean;
  /** The accounts a Financial Connections session reports as linked; null: one checking account. */
  linkedAccounts: Obj[] | null;
  objects: Map<string, Obj>;
};

export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
export const ok = (body: unknown): StandInReply => ({ status: 200, body });
export const missing = (id: string, param = 'id'): StandInReply => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such object: '${id}'`,
    },
  },
});

/** A linked checking account at a test bank, as Financial Connections reports it. */
export function fcAccount(overrides: Record<string, unknown> = {}): Obj {
  return {
    id: 'fca_checking',
    object: 'financial_connections.account',
    category: 'cash',
    subcategory: 'checking',
    status: 'active',
    institution_name: 'StripeBank',
    display_name: 'Everyday Checking',
    last4: '6789',
    livemode: false,
    permissions: ['payment_method'],
    supported_payment_method_types: ['link', 'us_bank_account'],
    ...overrides,
  };
}

export function create(state: FakeStripeState, prefix: string, fields: Record<string, unknown>): Obj {
  const object = { id: `${prefix}_${++state.counter}`, livemode: false, created: 1_760_000_000, ...fields };
  state.objects.set(object.id, object);
  return object;
}

export const metadataOf = (body: Record<string, unknown>) => (body.metadata ?? {}) as Record<string, string>;

export type Route = [
  method: string,
  path: RegExp,
  answer: (s: FakeStripeState, r: RecordedRequest, id: string) => StandInReply,
];
