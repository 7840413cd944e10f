import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, settingsSchema } from './config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const production = { NODE_ENV: 'production', BANK_FINGERPRINT_SECRET: 'x'.repeat(32) };

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
}

describe('settings', () => {
  it('refuses a wrong value, naming the variable', () => {
    expect(refusal({ PORT: 'abc' })).toMatch(/^ {2}PORT: expected a whole number from 0 to 65535$/m);
    expect(refusal({ PORT: '70000' })).toMatch(/PORT/);
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(
      /^ {2}LOG_LEVEL: expected one of fatal, error, warn, info/m,
    );
    expect(refusal({ TRUST_PROXY: 'maybe' })).toMatch(/^ {2}TRUST_PROXY: expected false, true/m);
    expect(refusal({ NODE_ENV: 'prod' })).toMatch(/NODE_ENV/);
    expect(refusal({ SEED_DEMO: 'yes please' })).toMatch(/SEED_DEMO: expected true or false/);
    expect(refusal({ IDEMPOTENCY_ABANDON_SECONDS: '0' })).toMatch(/IDEMPOTENCY_ABANDON_SECONDS/);
    expect(refusal({ LOGIN_PER_IP_PER_MINUTE: '-1' })).toMatch(/LOGIN_PER_IP_PER_MINUTE/);
    expect(refusal({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toMatch(
      /MAIL_FROM: required when SMTP_URL is set/,
    );
    expect(refusal({ ...production, SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@b.example' })).toMatch(
      /PUBLIC_URL: required in production when SMTP_URL is set/,
    );
    expect(refusal({ SMTP_URL: 'http://mail.example' })).toMatch(
      /SMTP_URL: expected a smtp:\/\/ or smtps:\/\//,
    );
    expect(refusal({ REDIS_URL: 'localhost:6379' })).toMatch(
      /REDIS_URL: expected a redis:\/\/ or rediss:\/\//,
    );
  });

  it('lists every wrong variable at once and never repeats a value, which may be a secret', () => {
    const message = refusal({ PORT: 'abc', DATABASE_URL: 'mysql://app:hunter2@db/app', TEST_CLOCK: 'on' });
    expect(message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}PORT: /),
      expect.stringMatching(/^ {2}DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL$/),
      expect.stringMatching(/^ {2}TEST_CLOCK: /),
    ]);
    expect(message).not.toContain('hunter2');
  });

  it('has the documented defaults, an empty variable counting as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: ' ' });
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      isProduction: false,
      logLevel: 'info',
      trustProxy: false,
      testClock: false,
      seedDemo: true,
      idempotencyAbandonMs: 60_000,
      dataDir: path.resolve('./data'),
      webDir: path.join(root, 'dist', 'web'),
    });
    expect(config.payments.sandboxSettlementMs).toBe(60_000);
    expect(config.limits).toMatchObject({ loginPerIpPerMinute: 20, registerPerIpPerHour: 20 });
  });

  it('turns the demo account off in production unless SEED_DEMO=true asks for it', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads TRUST_PROXY as on/off, a hop count or the proxies’ addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,fd00::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      'fd00::1',
    ]);
    expect(refusal({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/TRUST_PROXY/);
    expect(refusal({ TRUST_PROXY: '0' })).toMatch(/TRUST_PROXY/);
  });

  it('refuses the test clock in production', () => {
    expect(refusal({ ...production, TEST_CLOCK: 'enabled' })).toMatch(/TEST_CLOCK: .*production/);
    expect(loadConfig({ TEST_CLOCK: 'enabled' }).testClock).toBe(true);
  });

  it('stops the server start with one message naming the variable, no stack trace', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
        DATA_DIR: path.join(tmpdir(), 'savecircle-config-test-unused'),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim().split('\n')).toEqual([
      'Invalid settings (see .env.example):',
      '  PORT: expected a whole number from 0 to 65535',
      expect.stringMatching(/^ {2}LOG_LEVEL: /),
      expect.stringMatching(/^ {2}TRUST_PROXY: /),
    ]);
  });
});

describe('settings documentation', () => {
  const schemaVariables = () => Object.keys(settingsSchema.shape).sort();

  it('.env.example lists every setting, and only those', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(schemaVariables());
    // Each one has its meaning on the comment line above it.
    for (const variable of listed) expect(example).toMatch(new RegExp(`^# .+\\n${variable}=`, 'm'));
  });

  it("the README's settings table lists every setting, and only those, with the .env.example default", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.split(/^## /m).find((part) => part.startsWith('Settings'));
    expect(section, 'README has a "## Settings" section').toBeDefined();
    const rows = [...section!.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|([^|]*)\|/gm)];
    expect(rows.map((row) => row[1]).sort()).toEqual(schemaVariables());
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const [, variable, defaultText] of rows) {
      const value = new RegExp(`^${variable}=(.*)$`, 'm').exec(example)?.[1] ?? '';
      if (value) expect(defaultText?.trim(), variable).toBe(`\`${value}\``);
    }
  });
});
