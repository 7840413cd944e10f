// The result table both HTTP benchmarks print: throughput, latency, errors, ratio to bare node:http, CPU.
import type { Measurement } from './measure.ts';

export type Goal = { text: string; met: boolean } | null;

export type Row = Measurement & { ratio: number; goal: Goal; valid: boolean };

export const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(0)}%`);

export function printTable(title: string, rows: Row[]) {
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'ratio',
    'srv CPU',
    'µs/req',
    'gen CPU',
    'box busy',
  ];
  const lines = rows.map((row) => [
    row.name,
    fixed(row.requestsPerSecond),
    fixed(row.latencyMs.p50),
    fixed(row.latencyMs.p99),
    String(row.non2xx),
    String(row.errors + row.mismatches),
    fixed(row.ratio, 2),
    percent(row.cpu.server),
    row.serverCpuPerRequestUs === null ? '—' : fixed(row.serverCpuPerRequestUs),
    percent(row.cpu.loadGenerator),
    percent(row.cpu.machineBusy),
    !row.valid
      ? 'INVALID'
      : row.goal
        ? `${row.goal.met ? 'MET    ' : 'NOT MET'}  (${row.goal.text})`
        : '(no goal)',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${title}`);
  console.log(format([...header, 'goal']));
  console.log(format(widths.map((w) => '-'.repeat(w)).concat('----')));
  for (const line of lines) console.log(format(line));
  for (const row of rows) {
    for (const problem of row.problems)
      console.warn(`  WARNING ${row.name}: ${problem}; this row is invalid`);
  }
}
