import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  isProduction: boolean;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  /** Built web app; served when the folder exists. */
  webDir: string;
  operatorUsernames: string[];
  seedDemo: boolean;
  logLevel: string;
  session: { idleMs: number; absoluteMs: number };
  limits: {
    /** Login attempts per IP per minute. */
    loginPerIpPerMinute: number;
    /** Failed logins for one username within the window before it is locked. */
    loginFailuresPerAccount: number;
    loginFailureWindowMs: number;
    registerPerIpPerHour: number;
  };
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
    webDir: path.resolve(import.meta.dirname, '../../dist/web'),
    operatorUsernames: (env.OPERATOR_USERNAMES ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    // A money app signs idle people out sooner than a social app; a week is the hard cap.
    session: { idleMs: 12 * HOUR, absoluteMs: 7 * 24 * HOUR },
    limits: {
      loginPerIpPerMinute: 20,
      loginFailuresPerAccount: 5,
      loginFailureWindowMs: 15 * 60 * 1000,
      registerPerIpPerHour: 20,
    },
  };
}
