import type { FastifyInstance } from 'fastify';
import { webhookReceivedReply } from '#shared/schemas/payments.ts';
import { replies } from '#shared/schemas/replies.ts';
import { handlePaymentEvent } from './events.ts';
import { paymentProviderFor } from './provider.ts';
import { StripeProvider } from './stripe/stripe-provider.ts';

// Stripe's events are small, but an object with its lists expanded can exceed the app-wide 64 KB.
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/stripe/webhook: Stripe tells us how debits, payouts and identity checks ended. No session
 * (Stripe has none): the signature over the exact bytes received is the authentication, so this
 * plugin alone keeps JSON bodies as raw text. A bad or missing signature is 400 and changes nothing;
 * events we do not act on are acknowledged; applying an event is idempotent, as Stripe retries.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Body: string }>(
    '/api/stripe/webhook',
    // No session: the signature is the authentication.
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { tags: ['payments'], hide: true, response: replies({ 200: webhookReceivedReply }) },
      config: { public: true },
    },
    async (request) => {
      const provider = paymentProviderFor(app.ctx.config.payments);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const event = provider.parseWebhook(rawBody, request.headers);
      if (event) await handlePaymentEvent(app.ctx, event);
      // Our records first; a failure here is retried by Stripe with the (idempotent) event again.
      if (event?.type === 'payout.failed' && provider instanceof StripeProvider)
        await provider.returnFailedPayout(rawBody);
      return { received: true };
    },
  );
}
