// Runs every check and suite, then prints one line "N passed, N failed" summing them all.
// Used by `npm test` and so by .ci/run. Two cores: the short checks run side by side, then vitest
// alone (it keeps both cores busy), then the browser journeys beside the production check (the
// journeys wait on their servers much of the time; the production check mostly installs and waits).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

type Tally = { name: string; passed: number; failed: number; seconds: number };
const tallies: Tally[] = [];

/**
 * Runs a command to its end. With `quiet`, its output is held back and printed in one piece when it
 * ends, so two suites running at once do not interleave their lines.
 */
function run(command: string, args: readonly string[], quiet = false): Promise<number> {
  if (!quiet) console.log(`\n▶ ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      if (quiet) console.log(`\n▶ ${command} ${args.join(' ')}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: report files of two different runners.
function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Times a suite and records its tally, which `count` reads from its report once it has ended. */
async function suite(
  name: string,
  work: () => Promise<number>,
  count: (status: number) => Omit<Tally, 'name' | 'seconds'>,
) {
  const started = Date.now();
  const status = await work();
  tallies.push({ name, ...count(status), seconds: Math.round((Date.now() - started) / 1000) });
}

/** A check without its own test count counts as one test. */
const single = (status: number) => ({ passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });

/**
 * Browser journeys need Debian's Chromium and its headless shell (playwright.config.ts); install them
 * when we may (root on Debian), as CI does.
 */
async function ensureChromium() {
  const paths = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'];
  if (paths.every(existsSync)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell']);
  }
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0)
    console.error(`Not found: ${missing.join(', ')}: install Debian's chromium or set CHROMIUM_PATH.`);
}

rmSync('test-results', { recursive: true, force: true });
await ensureChromium();
mkdirSync('test-results/screenshots', { recursive: true });

const node = (script: string) => [process.execPath, ['--import', 'tsx', script]] as const;

await Promise.all([
  suite('typecheck', () => run('npx', ['tsc', '--noEmit', '-p', '.'], true), single),
  suite('lint', () => run('npx', ['biome', 'check', '.'], true), single),
]);

await suite(
  'vitest',
  () =>
    run('npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest.json',
    ]),
  (status) => {
    const vitest = readJson('test-results/vitest.json');
    return {
      passed: vitest?.numPassedTests ?? 0,
      failed: vitest ? vitest.numFailedTests + (status !== 0 && vitest.numFailedTests === 0 ? 1 : 0) : 1,
    };
  },
);

// The web app and the server bundle, as `npm run build` makes them; the journeys use the web app.
await suite('build', () => run(...node('scripts/build.ts')), single);
const built = tallies.at(-1)?.failed === 0;

await Promise.all([
  built &&
    suite(
      'e2e',
      () => run('npx', ['playwright', 'test']),
      (status) => {
        const stats = readJson('test-results/e2e-report.json')?.stats;
        if (stats?.flaky) console.log(`e2e: ${stats.flaky} journey(s) passed only on their retry (flaky)`);
        return {
          passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
          failed: stats ? stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
        };
      },
    ),
  // The Dockerfile's steps without Docker: clean install, build, runtime copy without dev
  // dependencies, production start and its checks; each check counts.
  suite(
    'production',
    () => run(...node('scripts/production-check.ts'), true),
    (status) => {
      const production = readJson('test-results/production-check.json');
      return {
        passed: production?.passed ?? 0,
        failed: production ? production.failed + (status !== 0 && production.failed === 0 ? 1 : 0) : 1,
      };
    },
  ),
]);

console.log('\nSuites:');
for (const t of tallies)
  console.log(`  ${t.name.padEnd(10)} ${t.passed} passed, ${t.failed} failed (${t.seconds} s)`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
