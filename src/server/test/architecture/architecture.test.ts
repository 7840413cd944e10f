import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAppRoot } from '#server/app-root.ts';
import { type BoundaryOptions, checkBoundaries, type Rule, type SourceFiles } from './boundaries.ts';

/**
 * The modules of each feature that other features may import: its public entry. Anything else in a
 * feature folder is internal to it. Adding a module here is a design decision: say why in the commit.
 */
const publicModules: BoundaryOptions['publicModules'] = {
  auth: ['authenticate.ts', 'links.ts', 'passwords.ts', 'session-cookies.ts', 'sessions.ts'],
  'bank-debits': ['settled-listeners.ts', 'start-debit.ts', 'submit.ts'],
  escrow: ['process-payout.ts'],
  // Payments bring a member's status back; the invite preview shows a circle's active rules.
  'group-settings': ['member-standing.ts', 'rules.ts'],
  groups: [
    'contributions.ts',
    'group-list.ts',
    'join-group.ts',
    'join-requests.ts',
    'payouts.ts',
    'penalty-records.ts',
    'reserve-distribution.ts',
  ],
  history: ['history-entries.ts'],
  // proposeRemoval: other features (auto-remove inactive members) propose a removal.
  membership: ['departures.ts'],
  'pending-actions': ['executors.ts', 'request-approval.ts'],
  // Business operations exports every table of its page, the funnel's and the support desk's too.
  'product-events': ['funnel.ts'],
  safeguards: ['rules.ts', 'withdrawal-limits.ts'],
  support: ['support-metrics.ts'],
  // One trust score (the Verification tab's) for the Members, Approvals and Reputation tabs and group management.
  verification: ['trust-scores.ts'],
};

/**
 * Folder cycles that predate the rule (docs/decisions/0023), each as its sorted folders joined by
 * ' ↔ '. None are left; the test fails on a new one and on a listed one that has gone.
 */
const knownCycles: string[] = [];

function sourceFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) files.set(file, readFileSync(path.join(root, file), 'utf8'));
    }
  };
  walk('src');
  return files;
}

const rulesOf = (files: SourceFiles, options: BoundaryOptions = { publicModules }) =>
  checkBoundaries(files, options).map((v) => v.rule);

describe('import boundaries', () => {
  it('hold in src', () => {
    const violations = checkBoundaries(sourceFiles(findAppRoot()), { publicModules, knownCycles });
    expect(violations).toEqual([]);
  });

  it('list only known cycles that still exist', () => {
    const cycles = checkBoundaries(sourceFiles(findAppRoot()), { publicModules })
      .filter((v) => v.rule === 'feature-cycle')
      .map((v) => /\{(.*)\}/.exec(v.file)?.[1]);
    expect(cycles.sort()).toEqual([...knownCycles].sort());
  });

  const planted: [Rule, Record<string, string>][] = [
    [
      'feature-internals',
      {
        'src/server/features/escrow/view.ts': "import { x } from '../groups/secret.ts';",
        'src/server/features/groups/secret.ts': 'export const x = 1;',
      },
    ],
    [
      'feature-cycle',
      {
        'src/server/features/groups/payouts.ts':
          "import { r } from '#server/features/escrow/process-payout.ts';",
        'src/server/features/escrow/process-payout.ts': "import { p } from '../groups/payouts.ts';",
      },
    ],
    [
      'core-upward',
      { 'src/server/ledger/errors.ts': "import { a } from '#server/features/auth/sessions.ts';" },
    ],
    ['core-upward', { 'src/server/circle/rules.ts': "export { g } from '../features/groups/routes.ts';" }],
    [
      'payments-imports-feature',
      {
        'src/server/payments/events.ts': "const m = await import('#server/features/withdrawals/settle.ts');",
      },
    ],
    ['shared-imports-app', { 'src/shared/money.ts': "import type { Db } from '#server/db/client.ts';" }],
    [
      'web-imports-server',
      { 'src/web/lib/api.ts': "import { AppError } from '../../server/core/errors.ts';" },
    ],
    ['production-imports-test', { 'src/server/seed/demo.ts': "import fc from 'fast-check';" }],
    ['production-imports-test', { 'src/server/jobs/run.ts': "import { vi } from 'vitest';" }],
    [
      'production-imports-test',
      { 'src/server/app.ts': "import { createTestApp } from '#server/test/test-app.ts';" },
    ],
  ];

  it.each(planted)('report a planted %s', (rule, files) => {
    expect(rulesOf(new Map(Object.entries(files)))).toContain(rule);
  });

  it('let test code, core and public entries import what they need', () => {
    const allowed = new Map(
      Object.entries({
        'src/server/features/groups/groups.test.ts':
          "import fc from 'fast-check';\nimport { z } from '../escrow/x.ts';",
        'src/server/test/helpers.ts': "import { it } from 'vitest';",
        'src/server/circle/access.ts': "import { AppError } from '#server/core/errors.ts';",
        'src/server/features/escrow/release.ts': "import { payOutCycle } from '../groups/payouts.ts';",
        'src/server/features/groups/routes.ts':
          "import { processPayout } from '../escrow/process-payout.ts';",
      }),
    );
    expect(checkBoundaries(allowed, { publicModules })).toEqual([]);
  });
});
