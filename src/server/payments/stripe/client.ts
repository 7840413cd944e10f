import Stripe from 'stripe';
import type { PaymentsConfig } from '#server/config.ts';
import { AppError } from '#server/core/errors.ts';

/** The official SDK, aimed at STRIPE_API_BASE when set (the tests' local stand-in). */
export function createStripeClient(config: PaymentsConfig): Stripe {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.stripeSecretKey, {
    // Retries reuse the request's idempotency key (the SDK adds one to every POST).
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'SaveCircle' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** Test keys move no real money; the UI says so. */
export const isLiveKey = (key: string) => /^(sk|rk)_live_/.test(key);

/** Stripe's own outage or our network: the person may try again; everything else stays as it is. */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}

/** Runs a Stripe call, turning "could not reach Stripe" into PROVIDER_UNAVAILABLE (502). */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUnreachable(error)) throw new AppError('PROVIDER_UNAVAILABLE');
    throw error;
  }
}

/** Stripe's error code (e.g. `bank_account_exists`), if the error came from Stripe. */
export function stripeErrorCode(error: unknown): string | undefined {
  return error instanceof Stripe.errors.StripeError ? error.code : undefined;
}
