// Each benchmark's verdicts on issue 18's (and 16's) targets, kept where `npm run bench:all` gathers them
// into one table. A benchmark that measured nothing for a target writes no line for it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './servers.ts';

export type GoalLine = {
  /** What was measured: "GET /api/user on postgres". */
  target: string;
  /** The figure, as the benchmark's own table shows it: "0.31× bare, p99 12 ms". */
  measured: string;
  /** The target: "≥ 0.45× bare, p99 ≤ 15 ms". */
  goal: string;
  met: boolean;
};

export type GoalFile = { bench: string; measuredAt: string; lines: GoalLine[] };

const GOALS_DIR = path.join(REPO_ROOT, 'bench/results/goals');

/** Replaces this benchmark's verdicts with the ones of the run that just finished. */
export function saveGoals(bench: string, lines: GoalLine[]) {
  mkdirSync(GOALS_DIR, { recursive: true });
  const file: GoalFile = { bench, measuredAt: new Date().toISOString(), lines };
  writeFileSync(path.join(GOALS_DIR, `${bench}.json`), `${JSON.stringify(file, null, 2)}\n`);
}

/** The verdicts every benchmark saved, oldest run first. */
export function readGoals(): GoalFile[] {
  let names: string[];
  try {
    names = readdirSync(GOALS_DIR).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(path.join(GOALS_DIR, name), 'utf8')) as GoalFile)
    .sort((a, b) => a.measuredAt.localeCompare(b.measuredAt));
}
