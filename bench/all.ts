// Every benchmark in turn, then one table of their verdicts on the targets: goal met or not met.
// Not a test: a benchmark that fails is reported and the others still run.
//   npm run bench:all   (builds first; each benchmark's own env settings apply, see its header)

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readGoals } from './lib/goals.ts';
import { REPO_ROOT } from './lib/servers.ts';

/** In this order: the build, then the HTTP path, the data volumes, the money writes, start-up, the pages. */
const STEPS: Array<{ name: string; args: string[] }> = [
  { name: 'build', args: ['--import', 'tsx', 'scripts/build.ts'] },
  { name: 'http', args: ['--import', 'tsx', 'bench/http.ts'] },
  { name: 'data', args: ['--import', 'tsx', 'bench/data.ts'] },
  { name: 'money', args: ['--import', 'tsx', 'bench/money.ts'] },
  { name: 'start-up', args: ['--import', 'tsx', 'bench/start-up.ts'] },
  { name: 'public-pages', args: ['--import', 'tsx', 'bench/public-pages.ts'] },
  { name: 'web', args: ['--import', 'tsx', 'bench/web.ts'] },
];

async function run(step: (typeof STEPS)[number]): Promise<number | null> {
  console.log(`\n===== ${step.name} =====`);
  const child = spawn(process.execPath, step.args, { cwd: REPO_ROOT, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

function printSummary(failed: string[]) {
  const files = readGoals();
  const rows = files.flatMap((file) =>
    file.lines.map((line) => [
      file.bench,
      line.target,
      line.measured,
      line.goal,
      line.met ? 'MET' : 'NOT MET',
    ]),
  );
  const header = ['bench', 'target', 'measured', 'goal', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log('\n===== goals =====');
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(format(row));
  const met = rows.filter((row) => row[4] === 'MET').length;
  console.log(`\n${met} of ${rows.length} goals met`);
  if (failed.length > 0)
    console.log(`benchmarks that did not finish: ${failed.join(', ')} (see their output above)`);
}

// Verdicts of an earlier run would pass for this one's.
rmSync(path.join(REPO_ROOT, 'bench/results/goals'), { recursive: true, force: true });
const failed: string[] = [];
for (const step of STEPS) {
  const code = await run(step);
  if (code !== 0) {
    failed.push(step.name);
    if (step.name === 'build') break;
  }
}
printSummary(failed);
