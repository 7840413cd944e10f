import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const script = path.join(projectRoot, 'src/server/test/logging/log-then-exit.ts');

/** The numbers of the lines a child wrote to stdout (a pipe, as under Docker), and its exit code. */
function run(lines: number, ending: 'exit-now' | 'let-drain') {
  return new Promise<{ code: number | null; numbers: number[] }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(lines), ending], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const numbers = output
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { n: number }).n);
      resolve({ code, numbers });
    });
  });
}

const inOrder = (count: number) => Array.from({ length: count }, (_, n) => n);

describe('stdout written in batches', () => {
  it('writes every line, in order, when the process ends by itself', async () => {
    const { code, numbers } = await run(5000, 'let-drain');
    expect(code).toBe(0);
    expect(numbers).toEqual(inOrder(5000));
  });

  it('writes every line, in order, when process.exit comes before the next turn', async () => {
    // The last turn's lines are still waiting for their hand-over when the process exits.
    const { code, numbers } = await run(5000, 'exit-now');
    expect(code).toBe(3);
    expect(numbers).toEqual(inOrder(5000));
  });
});
