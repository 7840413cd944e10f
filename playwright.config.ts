import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's headless shell (the old headless mode) where installed: the full browser in headless mode
// costs a fifth more CPU on the same journeys (decision 0042); the full browser otherwise.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Generous: a timeout only has to catch a hang, and the journeys share two cores with their servers.
  timeout: 120_000,
  // On CI two journeys and their servers share two cores with the production check: a page can take
  // more than 10 s to open there (issue 15's rehearsals), so a check waits longer before it fails.
  expect: { timeout: process.env.CI ? 30_000 : 10_000 },
  // Spec files run two at a time, each worker against its own server (global-setup.ts): the long
  // journeys spend much of their time waiting for settlements, which the other worker uses.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI a journey that fails once runs again and counts as flaky in the report (scripts/test-all.ts
  // prints how many): the two workers share the machine with the servers, so a 10 s wait can run out.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // Worker processes load this file with their own TEST_PARALLEL_INDEX.
    baseURL: process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? 0}`],
    locale: 'en-US',
    // A trace records a screencast of every page, which keeps the browser and its compositor busy on two
    // shared cores: only a retry records one, so a journey that fails twice still leaves its trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
});
