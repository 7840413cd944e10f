// Lighthouse's four scores, its load metrics and the bytes each public page transfers, against issue
// 16's target of ≥ 95 per score, on the production build served by `node dist/server/main.js`. Not a
// test: it reports what it measured and never fails on a figure.
//   npm run build && npm run bench:public   (env: CHROMIUM_PATH=/usr/bin/chromium; LIGHTHOUSE_REPORTS=<folder>
//   keeps each page's full report, to see which scripts and tasks cost the time)

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cleanUp, deferCleanup } from './lib/cleanup.ts';
import { saveGoals } from './lib/goals.ts';
import { PRODUCTION_NODE_ARGS, REPO_ROOT, startNodeServer, waitUntilReady } from './lib/servers.ts';
import { fixed } from './lib/table.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const PAGES = ['/', '/help', '/blog', '/blog/what-is-a-rotating-savings-circle'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOAL_SCORE = 95;
const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results/public-pages.json');

process.once('SIGINT', () => {
  console.error('\ninterrupted; stopping the server…');
  void cleanUp().finally(() => process.exit(130));
});

type Category = (typeof CATEGORIES)[number];

type PageResult = {
  page: string;
  /** 0–100 per category; null when Lighthouse could not score it. */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  totalBytes: number | null;
  scriptBytes: number | null;
  /** Lighthouse's measure of this host's CPU: 1500–2000 for a fast desktop, below 1000 it warns. */
  benchmarkIndex: number;
  /** The audits that lost points outside performance, to know what to fix. */
  failedAudits: string[];
  warnings: string[];
};

/** The first two rows of a failed audit's table (a console error, a robots.txt line, an issue's kind). */
function whatFailed(details: unknown): string {
  const items = ((details as { items?: unknown[] } | undefined)?.items ?? []) as Array<
    Record<string, unknown>
  >;
  const texts = items
    .slice(0, 2)
    .map((item) => item.description ?? item.message ?? item.issueType)
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.replace(/https?:\/\/127\.0\.0\.1:\d+/g, '').slice(0, 160));
  return texts.length > 0 ? ` (${texts.join(' | ')})` : '';
}

/** Lighthouse's default run: a mobile form factor on slow 4G and a 4x slower CPU, all simulated. */
async function audit(url: string): Promise<Omit<PageResult, 'page'>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_REPORTS) {
      // The full report, to see which scripts and tasks cost the time (env: a folder to write to).
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const summary = (lhr.audits['resource-summary']?.details as { items?: unknown[] } | undefined)?.items as
      | Array<{ resourceType: string; transferSize: number }>
      | undefined;
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return [id, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as Record<Category, number | null>;
    const failedAudits = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a !== undefined && a.score !== null && a.score < 1)
        .map((a) => `${id}: ${a?.title}${whatFailed(a?.details)}`),
    );
    return {
      scores,
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      totalBytes: numeric('total-byte-weight'),
      scriptBytes: summary?.find((item) => item.resourceType === 'script')?.transferSize ?? null,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      failedAudits,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);
const score = (value: number | null) => (value === null ? '—' : String(value));

function printTable(results: PageResult[]) {
  const header = ['page', 'perf', 'a11y', 'best-pr', 'SEO', 'LCP', 'CLS', 'TBT', 'bytes', 'JS bytes'];
  const lines = results.map((r) => [
    r.page,
    ...CATEGORIES.map((id) => score(r.scores[id])),
    r.lcpMs === null ? '—' : `${fixed(r.lcpMs / 1000, 1)} s`,
    r.cls === null ? '—' : fixed(r.cls, 3),
    r.tbtMs === null ? '—' : `${fixed(r.tbtMs)} ms`,
    kb(r.totalBytes),
    kb(r.scriptBytes),
    CATEGORIES.every((id) => (r.scores[id] ?? 0) >= GOAL_SCORE)
      ? 'MET'
      : `NOT MET (${CATEGORIES.filter((id) => (r.scores[id] ?? 0) < GOAL_SCORE).join(', ')})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\nLighthouse, mobile (default throttling), one run per page; goal: every score ≥ ${GOAL_SCORE}`,
  );
  console.log(format([...header, `goal ≥ ${GOAL_SCORE}`]));
  console.log(format(widths.map((w) => '-'.repeat(w)).concat('----')));
  for (const line of lines) console.log(format(line));
  for (const r of results) {
    if (r.failedAudits.length > 0) console.log(`  ${r.page} lost points on: ${r.failedAudits.join('; ')}`);
    if (r.warnings.length > 0) console.log(`  ${r.page} warnings: ${r.warnings.join('; ')}`);
  }
}

async function main() {
  if (
    !existsSync(path.join(REPO_ROOT, 'dist/server/main.js')) ||
    !existsSync(path.join(REPO_ROOT, 'dist/web/index.html'))
  ) {
    console.error('no production build in dist/: run `npm run build` first (this benchmark builds nothing)');
    process.exitCode = 1;
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-public-'));
  deferCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startNodeServer(
    'production build',
    'dist/server/main.js',
    {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      BANK_FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
    PRODUCTION_NODE_ARGS,
  );
  await waitUntilReady(server, '/api/health', 180_000);
  console.log(`production build on ${server.baseUrl} (PID ${server.pid}, PGlite, demo data)`);

  const results: PageResult[] = [];
  for (const page of PAGES) {
    const result = { page, ...(await audit(server.baseUrl + page)) };
    console.log(
      `${page}: ${CATEGORIES.map((id) => `${id} ${score(result.scores[id])}`).join(', ')} (host benchmarkIndex ${result.benchmarkIndex})`,
    );
    results.push(result);
  }
  printTable(results);
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `\n(load average ${load.join(' ')}: a busy machine lowers the performance score and raises TBT)`,
  );

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        goalScore: GOAL_SCORE,
        settings: 'Lighthouse 12 default: mobile form factor, simulated slow 4G, CPU slowed 4x',
        pages: results,
        loadAverage: os.loadavg(),
      },
      null,
      2,
    ),
  );
  console.log(`results: ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  saveGoals(
    'public-pages',
    results.map((r) => ({
      target: `Lighthouse mobile ${r.page}`,
      measured: CATEGORIES.map((id) => `${id} ${score(r.scores[id])}`).join(', '),
      goal: `every score ≥ ${GOAL_SCORE}`,
      met: CATEGORIES.every((id) => (r.scores[id] ?? 0) >= GOAL_SCORE),
    })),
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
