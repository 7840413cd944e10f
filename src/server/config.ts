import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  isProduction: boolean;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  /** Before every key this app keeps in Redis (rate-limit and in-flight counters). */
  redisKeyPrefix: string;
  /** Built web app; served when the folder exists. */
  webDir: string;
  operatorUsernames: string[];
  seedDemo: boolean;
  logLevel: string;
  /**
   * A request still unanswered after this long is taken as dead (its process crashed): its
   * Idempotency-Key may be claimed again and the work re-run (IDEMPOTENCY_ABANDON_SECONDS, default 60).
   */
  idempotencyAbandonMs: number;
  session: { idleMs: number; absoluteMs: number };
  limits: {
    /** Login attempts per IP per minute. */
    loginPerIpPerMinute: number;
    /** Failed logins for one username within the window before it is locked. */
    loginFailuresPerAccount: number;
    loginFailureWindowMs: number;
    registerPerIpPerHour: number;
    maxEventLoopDelayMs: number;
    /** Expensive reads (dashboard, group page and tabs, history…) one person may make per 10 seconds; 0 = no limit. */
    readsPerUserPer10Seconds: number;
    /** Expensive reads one person may have running at once; 0 = no limit. */
    readsInFlightPerUser: number;
  };
  payments: PaymentsConfig;
};

export type PaymentsConfig = {
  /** Selects the Stripe provider when set; otherwise the sandbox runs. */
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  /** Webhook signing secrets, comma-separated: one per Stripe endpoint (platform events, Connect events). */
  stripeWebhookSecret?: string;
  /** Another host for the Stripe API (STRIPE_API_BASE, e.g. http://127.0.0.1:12345): tests' local stand-in. */
  stripeApiBase?: string;
  /** HMAC key for bank-account fingerprints; required in production, derived in development and tests. */
  fingerprintSecret: string;
  /** How long the sandbox takes to settle a debit or payout (SANDBOX_SETTLEMENT_SECONDS, default 60). */
  sandboxSettlementMs: number;
};

const HOUR = 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 5000),
    host: env.HOST ?? '0.0.0.0',
    isProduction: env.NODE_ENV === 'production',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: 'savecircle-',
    webDir: path.resolve(import.meta.dirname, '../../dist/web'),
    operatorUsernames: (env.OPERATOR_USERNAMES ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    idempotencyAbandonMs: 1000 * Number(env.IDEMPOTENCY_ABANDON_SECONDS ?? 60),
    // A money app signs idle people out sooner than a social app; a week is the hard cap.
    session: { idleMs: 12 * HOUR, absoluteMs: 7 * 24 * HOUR },
    limits: {
      // Per address; behind a shared address (an office, a test runner) the operator may raise them.
      loginPerIpPerMinute: Number(env.LOGIN_PER_IP_PER_MINUTE ?? 20),
      loginFailuresPerAccount: 5,
      loginFailureWindowMs: 15 * 60 * 1000,
      registerPerIpPerHour: Number(env.REGISTER_PER_IP_PER_HOUR ?? 20),
      /** Above this event-loop delay the server answers 503 rather than queue more work (0 = never). */
      maxEventLoopDelayMs: 1000,
      // A page needs a handful of reads and nobody clicks through more than a few pages a second; a
      // short window also caps a burst, which on PGlite runs back to back on the one thread. A browser
      // opens at most six connections to a site: six running reads is all one person can cause.
      readsPerUserPer10Seconds: Number(env.READS_PER_USER_PER_10_SECONDS ?? 30),
      readsInFlightPerUser: Number(env.READS_IN_FLIGHT_PER_USER ?? 6),
    },
    payments: loadPaymentsConfig(env),
  };
}

// Not a secret: it only keeps development fingerprints stable between restarts.
const DEVELOPMENT_FINGERPRINT_SECRET = 'savecircle-development-bank-fingerprints';

function loadPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const fingerprintSecret = env.BANK_FINGERPRINT_SECRET || undefined;
  if (env.NODE_ENV === 'production' && (!fingerprintSecret || fingerprintSecret.length < 32))
    throw new Error('BANK_FINGERPRINT_SECRET (at least 32 characters) is required in production');
  const stripe = {
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
  };
  assertStripeSettings(stripe, env.NODE_ENV === 'production');
  return {
    ...stripe,
    fingerprintSecret: fingerprintSecret ?? DEVELOPMENT_FINGERPRINT_SECRET,
    sandboxSettlementMs: 1000 * Number(env.SANDBOX_SETTLEMENT_SECONDS ?? 60),
  };
}

/**
 * Stripe runs only fully configured: the browser needs the publishable key, and in production the
 * outcomes of debits and payouts arrive only through signed webhooks, so a missing secret would leave
 * every movement pending forever. The API host is overridable for tests only.
 */
function assertStripeSettings(stripe: Partial<PaymentsConfig>, isProduction: boolean) {
  if (!stripe.stripeSecretKey) return;
  if (!stripe.stripePublishableKey)
    throw new Error('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set');
  const live = (key: string) => /^(sk|rk|pk)_live_/.test(key);
  if (live(stripe.stripeSecretKey) !== live(stripe.stripePublishableKey))
    throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be live keys or both test keys');
  if (isProduction && !stripe.stripeWebhookSecret)
    throw new Error('STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set');
  if (isProduction && stripe.stripeApiBase)
    throw new Error('STRIPE_API_BASE is for tests against a local stand-in; unset it in production');
}
