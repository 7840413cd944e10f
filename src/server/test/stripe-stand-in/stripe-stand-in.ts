import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeStripeState, routeRequest } from './fake-api.ts';

/** One request the SDK made, as Stripe would have received it. */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeAccount: string | null;
};

export type StandInReply = { status: number; body: unknown };
export type Override = (request: RecordedRequest) => StandInReply | undefined;

/** Stripe's form encoding (`a[b][0]=x`) back into objects; all-numeric keys become arrays. */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    const last = path.pop() ?? key;
    let node = root;
    for (const segment of path) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node[last] = value;
  }
  return toArrays(root) as Record<string, unknown>;
}

function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, toArrays(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return numeric ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for the Stripe API (node:http on 127.0.0.1, a free port): records every request
 * and answers with small, realistic objects, replaying the first reply for a repeated
 * Idempotency-Key as Stripe does. `override` lets a test answer one call differently.
 */
export async function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, StandInReply>();
  const overrides: Override[] = [];
  const state: FakeStripeState = {
    counter: 0,
    payoutsEnabled: true,
    linkedAccounts: null,
    objects: new Map(),
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const text = await readBody(req);
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: decodeForm(url.search.slice(1)),
      body: decodeForm(text),
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
    };
    requests.push(recorded);
    const replayKey = recorded.idempotencyKey && `${recorded.stripeAccount}|${recorded.idempotencyKey}`;
    let reply = replayKey ? replies.get(replayKey) : undefined;
    for (const override of overrides) reply ??= override(recorded);
    reply ??= routeRequest(state, recorded);
    if (replayKey && recorded.method === 'POST') replies.set(replayKey, reply);
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': `req_${requests.length}`,
    });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** Requests to one endpoint, e.g. `calls('POST', '/v1/payouts')`. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    override: (handler: Override) => overrides.push(handler),
    reset: () => {
      requests.length = 0;
      overrides.length = 0;
      state.payoutsEnabled = true;
      state.linkedAccounts = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** Stripe settings aimed at a stand-in, with test keys (no real money moves). */
export const stripeTestSettings = (standIn: { url: string }, webhookSecret: string) => ({
  stripeSecretKey: 'sk_test_savecircle_standin',
  stripePublishableKey: 'pk_test_savecircle_standin',
  stripeWebhookSecret: webhookSecret,
  stripeApiBase: standIn.url,
});
