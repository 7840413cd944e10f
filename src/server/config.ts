import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { findAppRoot } from './app-root.ts';

export type Config = {
  port: number;
  host: string;
  isProduction: boolean;
  /** NODE_ENV: the development mailbox is open to everyone signed in only in development. */
  environment: 'development' | 'production' | 'test';
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  /**
   * Start of every key this app writes to Redis (REDIS_PREFIX, default `savecircle-`): instances of
   * one deployment share it; another deployment or a test run on the same Redis takes its own.
   */
  redisPrefix: string;
  /** Built web app; served when the folder exists. */
  webDir: string;
  operatorUsernames: string[];
  /** Bearer token for GET /metrics (METRICS_TOKEN); unset: the route answers 404. */
  metricsToken?: string;
  seedDemo: boolean;
  logLevel: LogLevel;
  /** Fastify's trustProxy: which X-Forwarded-* headers to believe (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  /** The test-only clock control (TEST_CLOCK=enabled); never in production. */
  testClock: boolean;
  /**
   * A request still unanswered after this long is taken as dead (its process crashed): its
   * Idempotency-Key may be claimed again and the work re-run (IDEMPOTENCY_ABANDON_SECONDS, default 60).
   */
  idempotencyAbandonMs: number;
  session: { idleMs: number; absoluteMs: number };
  /** Who a session belongs to is kept for seconds per instance (features/auth/session-cache.ts). */
  sessionCache: boolean;
  limits: {
    /** Login attempts per IP per minute. */
    loginPerIpPerMinute: number;
    /** Failed logins for one username within the window before it is locked. */
    loginFailuresPerAccount: number;
    loginFailureWindowMs: number;
    registerPerIpPerHour: number;
    /** Forgot-password, reset, verify and resend requests per IP per hour. */
    accountLinksPerIpPerHour: number;
    /** Contact-form messages per IP per hour (each also has a per-address limit). */
    contactPerIpPerHour: number;
    maxEventLoopDelayMs: number;
    /** Expensive reads (dashboard, group page and tabs, history…) one person may make per 10 seconds; 0 = no limit. */
    readsPerUserPer10Seconds: number;
    /** Expensive reads one person may have running at once; 0 = no limit. */
    readsInFlightPerUser: number;
    /** Live update streams (GET /api/events) one server process holds open at once; the oldest closes first. */
    liveStreamsMax: number;
  };
  payments: PaymentsConfig;
  email: EmailConfig;
  messaging: MessagingConfig;
};

export type MessagingConfig = {
  /** Who delivers texts and letters (SMS_PROVIDER). Only the sandbox exists so far: it records them. */
  provider: 'sandbox';
};

export type EmailConfig = {
  /** smtp:// or smtps:// URL, credentials included (SMTP_URL); unset: mail stays in the outbox. */
  smtpUrl?: string;
  /** The From address (MAIL_FROM); required with SMTP_URL. */
  mailFrom?: string;
  /** The app's address as people reach it (PUBLIC_URL), for links in emails; unset: the request's origin. */
  publicUrl?: string;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A refused setting at start-up: the message names each wrong variable, never its (maybe secret) value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function wholeNumber(min: number, max: number) {
  return z.string().transform((text, ctx) => {
    const value = Number(text);
    if (/^\d+$/.test(text) && value >= min && value <= max) return value;
    ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}` });
    return z.NEVER;
  });
}

function seconds(min: number) {
  return z.string().transform((text, ctx) => {
    const value = Number(text);
    if (/^\d+(\.\d+)?$/.test(text) && value >= min && value <= 366 * 86_400) return value;
    ctx.addIssue({ code: 'custom', message: `expected a number of seconds, at least ${min}` });
    return z.NEVER;
  });
}

function urlWithScheme(schemes: string[]) {
  return z
    .string()
    .refine((text) => URL.canParse(text) && schemes.includes(new URL(text).protocol.replace(/:$/, '')), {
      message: `expected a ${schemes.map((s) => `${s}://`).join(' or ')} URL`,
    });
}

function oneOf<const T extends string>(values: readonly [T, ...T[]]) {
  return z.enum(values, { error: `expected one of ${values.join(', ')}` });
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix, or one of proxy-addr's names for address ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxy = z.string().transform((text, ctx): boolean | number | string[] => {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 10) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'expected false, true, a number of proxy hops (1-10), or comma-separated proxy addresses/subnets (e.g. 10.0.0.0/8, loopback)',
  });
  return z.NEVER;
});

const booleanWord = z
  .enum(['true', 'false'], { error: 'expected true or false' })
  .transform((v) => v === 'true');

/**
 * Every environment variable the server reads, in one place: `.env.example` and the README's
 * settings table list exactly these (src/server/config.test.ts keeps the three in step).
 */
export const settingsSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  HOST: z
    .string()
    .regex(/^[\w.:-]{1,253}$/, 'expected a host name or IP address')
    .default('0.0.0.0'),
  PORT: wholeNumber(0, 65_535).default(5000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithScheme(['redis', 'rediss']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'expected up to 64 letters, digits or . _ : -')
    .default('savecircle-'),
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: booleanWord.optional(),
  OPERATOR_USERNAMES: z.string().default(''),
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').max(512).optional(),
  REGISTER_PER_IP_PER_HOUR: wholeNumber(1, 1_000_000).default(20),
  LOGIN_PER_IP_PER_MINUTE: wholeNumber(1, 1_000_000).default(20),
  READS_PER_USER_PER_10_SECONDS: wholeNumber(0, 1_000_000).default(30),
  READS_IN_FLIGHT_PER_USER: wholeNumber(0, 1_000).default(6),
  MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0, 60_000).default(1000),
  LIVE_STREAMS_MAX: wholeNumber(1, 1_000_000).default(20_000),
  IDEMPOTENCY_ABANDON_SECONDS: seconds(1).default(60),
  SANDBOX_SETTLEMENT_SECONDS: seconds(0).default(60),
  BANK_FINGERPRINT_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: urlWithScheme(['http', 'https']).optional(),
  TEST_CLOCK: oneOf(['enabled', 'disabled']).default('disabled'),
  SMTP_URL: urlWithScheme(['smtp', 'smtps']).optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'expected an address, or Name <address>',
    )
    .optional(),
  PUBLIC_URL: urlWithScheme(['http', 'https']).optional(),
  SMS_PROVIDER: oneOf(['sandbox']).default('sandbox'),
});

type Settings = z.infer<typeof settingsSchema>;

/** Rules between settings, each reported against the variable to change. */
function crossChecks(settings: Settings): { variable: keyof Settings; message: string }[] {
  const problems: { variable: keyof Settings; message: string }[] = [];
  const production = settings.NODE_ENV === 'production';
  if (production && (settings.BANK_FINGERPRINT_SECRET?.length ?? 0) < 32)
    problems.push({
      variable: 'BANK_FINGERPRINT_SECRET',
      message: 'at least 32 characters required in production',
    });
  if (production && settings.TEST_CLOCK === 'enabled')
    problems.push({ variable: 'TEST_CLOCK', message: 'the test clock cannot be enabled in production' });
  // Stripe runs only fully configured: the browser needs the publishable key, and in production the
  // outcomes of debits and payouts arrive only through signed webhooks, so a missing secret would leave
  // every movement pending forever. The API host is overridable for tests only.
  if (settings.SMTP_URL && !settings.MAIL_FROM)
    problems.push({ variable: 'MAIL_FROM', message: 'required when SMTP_URL is set' });
  // Links in mail that leaves the server must not take their host from a request's Host header,
  // which anyone can set: a reset link pointing at someone else's site would hand them the token.
  if (production && settings.SMTP_URL && !settings.PUBLIC_URL)
    problems.push({ variable: 'PUBLIC_URL', message: 'required in production when SMTP_URL is set' });
  const secretKey = settings.STRIPE_SECRET_KEY;
  const publishableKey = settings.STRIPE_PUBLISHABLE_KEY;
  if (!secretKey) return problems;
  const live = (key: string) => /^(sk|rk|pk)_live_/.test(key);
  if (!publishableKey)
    problems.push({ variable: 'STRIPE_PUBLISHABLE_KEY', message: 'required when STRIPE_SECRET_KEY is set' });
  else if (live(secretKey) !== live(publishableKey))
    problems.push({
      variable: 'STRIPE_PUBLISHABLE_KEY',
      message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be live keys or both test keys',
    });
  if (production && !settings.STRIPE_WEBHOOK_SECRET)
    problems.push({
      variable: 'STRIPE_WEBHOOK_SECRET',
      message: 'required in production when STRIPE_SECRET_KEY is set',
    });
  if (production && settings.STRIPE_API_BASE)
    problems.push({
      variable: 'STRIPE_API_BASE',
      message: 'for tests against a local stand-in; unset it in production',
    });
  return problems;
}

/** Reads the settings; an empty variable counts as unset. Throws ConfigError naming every wrong one. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const given: Record<string, string> = {};
  for (const name of Object.keys(settingsSchema.shape)) {
    const value = env[name]?.trim();
    if (value) given[name] = value;
  }
  const parsed = settingsSchema.safeParse(given);
  const problems = parsed.success
    ? crossChecks(parsed.data)
    : parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message }));
  if (problems.length > 0 || !parsed.success) {
    const lines = problems.map(({ variable, message }) => `  ${variable}: ${message}`);
    throw new ConfigError(`Invalid settings (see .env.example):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const HOUR = 60 * 60 * 1000;

// Not a secret: it only keeps development fingerprints stable between restarts.
const DEVELOPMENT_FINGERPRINT_SECRET = 'savecircle-development-bank-fingerprints';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = readSettings(env);
  const isProduction = settings.NODE_ENV === 'production';
  return {
    port: settings.PORT,
    host: settings.HOST,
    isProduction,
    environment: settings.NODE_ENV,
    databaseUrl: settings.DATABASE_URL,
    dataDir: path.resolve(settings.DATA_DIR),
    redisUrl: settings.REDIS_URL,
    redisPrefix: settings.REDIS_PREFIX,
    webDir: path.join(findAppRoot(), 'dist', 'web'),
    operatorUsernames: settings.OPERATOR_USERNAMES.split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    metricsToken: settings.METRICS_TOKEN,
    // A public server shows no well-known password unless its operator asks for the demo.
    seedDemo: settings.SEED_DEMO ?? !isProduction,
    logLevel: settings.LOG_LEVEL,
    trustProxy: settings.TRUST_PROXY,
    testClock: settings.TEST_CLOCK === 'enabled',
    idempotencyAbandonMs: 1000 * settings.IDEMPOTENCY_ABANDON_SECONDS,
    // A money app signs idle people out sooner than a social app; a week is the hard cap.
    session: { idleMs: 12 * HOUR, absoluteMs: 7 * 24 * HOUR },
    sessionCache: true,
    limits: {
      // Per address; behind a shared address (an office, a test runner) the operator may raise them.
      loginPerIpPerMinute: settings.LOGIN_PER_IP_PER_MINUTE,
      loginFailuresPerAccount: 5,
      loginFailureWindowMs: 15 * 60 * 1000,
      registerPerIpPerHour: settings.REGISTER_PER_IP_PER_HOUR,
      // Each sends an email or tries a token: a person needs a handful, a guesser is stopped early.
      accountLinksPerIpPerHour: 20,
      // Each queues an email to an address the sender typed: a person writes a few, a spammer is stopped.
      contactPerIpPerHour: 10,
      /** Above this event-loop delay the server answers 503 rather than queue more work (0 = never). */
      maxEventLoopDelayMs: settings.MAX_EVENT_LOOP_DELAY_MS,
      // A page needs a handful of reads and nobody clicks through more than a few pages a second; a
      // short window also caps a burst, which on PGlite runs back to back on the one thread. A browser
      // opens at most six connections to a site: six running reads is all one person can cause.
      readsPerUserPer10Seconds: settings.READS_PER_USER_PER_10_SECONDS,
      readsInFlightPerUser: settings.READS_IN_FLIGHT_PER_USER,
      liveStreamsMax: settings.LIVE_STREAMS_MAX,
    },
    payments: {
      stripeSecretKey: settings.STRIPE_SECRET_KEY,
      stripePublishableKey: settings.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: settings.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: settings.STRIPE_API_BASE,
      fingerprintSecret: settings.BANK_FINGERPRINT_SECRET ?? DEVELOPMENT_FINGERPRINT_SECRET,
      sandboxSettlementMs: 1000 * settings.SANDBOX_SETTLEMENT_SECONDS,
    },
    email: {
      smtpUrl: settings.SMTP_URL,
      mailFrom: settings.MAIL_FROM,
      publicUrl: settings.PUBLIC_URL?.replace(/\/+$/, ''),
    },
    messaging: { provider: settings.SMS_PROVIDER },
  };
}
