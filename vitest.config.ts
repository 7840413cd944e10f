import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Component tests (.test.tsx) ask for a DOM with `// @vitest-environment jsdom` at their top;
    // everything else, the server tests above all, stays on node.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps PGlite start-up and argon2 from starving each other.
    maxWorkers: 2,
  },
});
