import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes (a fresh clone has no timings cached, and Vitest would otherwise start
 * the largest files first, leaving these small entry files for last), slowest first.
 */
const slowFiles = [
  'src/server/test/crash/crash-recovery.test.ts',
  'src/server/test/circle-model/circle.model.pglite.test.ts',
  'src/server/test/circle-model/circle.model.postgres.test.ts',
  'src/server/ledger/ledger.model.test.ts',
];

/** Starts the slow files first, so the short ones fill the other worker around them. */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = slowFiles.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? slowFiles.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** Server test files that replace a module (vi.mock), so they need a module registry of their own. */
const mocking = ['src/server/features/auth/login-lockout.test.ts'];

export default defineConfig({
  test: {
    // Component tests (.test.tsx) ask for a DOM with `// @vitest-environment jsdom` at their top;
    // everything else, the server tests above all, stays on node.
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps PGlite start-up and argon2 from starving each other.
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: mocking,
          // Each server file builds its own app and database, and keeps no state in modules between
          // files: sharing the worker's loaded modules saves importing the server again for each of
          // ~130 files (a third of vitest's time on two cores).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx', ...mocking] },
      },
    ],
  },
});
