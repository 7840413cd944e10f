import { connectRoutes } from './fake-connect.ts';
import type { FakeStripeState, Route } from './fake-objects.ts';
import { paymentRoutes } from './fake-payments.ts';
import type { RecordedRequest, StandInReply } from './stripe-stand-in.ts';

export { type FakeStripeState, fcAccount } from './fake-objects.ts';

const routes: Route[] = [...paymentRoutes, ...connectRoutes];

/** Stripe's answer to one request, from the few endpoints SaveCircle uses. */
export function routeRequest(state: FakeStripeState, request: RecordedRequest): StandInReply {
  for (const [method, path, answer] of routes) {
    const match = request.method === method ? path.exec(request.path) : null;
    if (match) return answer(state, request, match[1] ?? '');
  }
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path})`,
      },
    },
  };
}
