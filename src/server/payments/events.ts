import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { enqueue } from '#server/jobs/enqueue.ts';
import type { PaymentEvent } from './provider.ts';

export type PaymentEventType = PaymentEvent['type'];
export type PaymentEventHandler<T extends PaymentEventType = PaymentEventType> = (
  ctx: AppContext,
  event: PaymentEvent & { type: T },
) => Promise<unknown>;

// One subscriber an event type: the feature whose records the event settles. Payments never import
// features; each feature subscribes at start-up (src/server/feature-subscriptions.ts).
const subscribers = new Map<PaymentEventType, PaymentEventHandler>();

/** Subscribes the handler to events of this type; subscribing again replaces it (every app start-up does). */
export function onPaymentEvent<T extends PaymentEventType>(type: T, handler: PaymentEventHandler<T>) {
  // The map holds every type's handler; handlePaymentEvent only hands each one its own type.
  subscribers.set(type, handler as unknown as PaymentEventHandler);
}

/**
 * What a processor tells us happened, from a verified webhook or the sandbox's simulated outcome,
 * applied to our records by the subscribed feature. Each handler is idempotent: events arrive late,
 * twice or out of order.
 */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent) {
  const handler = subscribers.get(event.type);
  if (!handler) throw new Error(`no subscriber for payment event ${event.type}`);
  return handler(ctx, event);
}

/** The sandbox's decided outcome, delivered through the job queue after its delay, like a webhook. */
export function deliverPaymentEventLater(tx: Db, outcome: { event: PaymentEvent; afterMs: number }) {
  return enqueue(tx, 'payment-event', outcome.event, { startAfter: Math.ceil(outcome.afterMs / 1000) });
}
