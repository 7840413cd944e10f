// Runs every check and suite, then prints one line "N passed, N failed" summing them all.
// Used by `npm test` and so by .ci/run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

type Tally = { name: string; passed: number; failed: number };
const tallies: Tally[] = [];

function run(command: string, args: string[]) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;
}

// biome-ignore lint/suspicious/noExplicitAny: report files of two different runners.
function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** A check without its own test count counts as one test. */
function check(name: string, command: string, args: string[]) {
  const ok = run(command, args) === 0;
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

/** Browser journeys need Debian's Chromium; install it when we may (root on Debian), as CI does. */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
  }
  if (!existsSync(path))
    console.error(`Chromium not found at ${path}: install Debian's chromium or set CHROMIUM_PATH.`);
}

rmSync('test-results', { recursive: true, force: true });
ensureChromium();
mkdirSync('test-results/screenshots', { recursive: true });

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
check('lint', 'npx', ['biome', 'check', '.']);

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
tallies.push({
  name: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0) : 1,
});

// The web app and the server bundle, as `npm run build` makes them; the journeys use the web app.
const built = run(process.execPath, ['--import', 'tsx', 'scripts/build.ts']) === 0;
tallies.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1 });
if (built) {
  const e2eStatus = run('npx', ['playwright', 'test']);
  const stats = readJson('test-results/e2e-report.json')?.stats;
  if (stats?.flaky) console.log(`e2e: ${stats.flaky} journey(s) passed only on their retry (flaky)`);
  tallies.push({
    name: 'e2e',
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats ? stats.unexpected + (e2eStatus !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
  });
}

// The Dockerfile's steps without Docker: clean install, build, runtime copy without dev dependencies,
// production start and its checks; each check counts.
const productionStatus = run(process.execPath, ['--import', 'tsx', 'scripts/production-check.ts']);
const production = readJson('test-results/production-check.json');
tallies.push({
  name: 'production',
  passed: production?.passed ?? 0,
  failed: production ? production.failed + (productionStatus !== 0 && production.failed === 0 ? 1 : 0) : 1,
});

console.log('\nSuites:');
for (const t of tallies) console.log(`  ${t.name.padEnd(10)} ${t.passed} passed, ${t.failed} failed`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
