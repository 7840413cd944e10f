import path from 'node:path';

/**
 * The import rules of docs/decisions/0023-circle-core-and-boundaries.md, checked over a map of
 * source files (repo-relative path → text), so the same check runs on the real tree and on a planted one.
 */
export type SourceFiles = ReadonlyMap<string, string>;

export type Rule =
  | 'feature-internals'
  | 'feature-cycle'
  | 'core-upward'
  | 'payments-imports-feature'
  | 'shared-imports-app'
  | 'web-imports-server'
  | 'production-imports-test';

export type Violation = { rule: Rule; file: string; detail: string };

export type BoundaryOptions = {
  /** Per feature, the modules other features may import (its public entry); everything else is internal. */
  publicModules: Readonly<Record<string, readonly string[]>>;
  /** Cycles between feature folders that are known debt, each as its sorted folder names joined by ' ↔ '. */
  knownCycles?: readonly string[];
};

const ALIASES: Record<string, string> = {
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
  '#web/': 'src/web/',
};

/** Layers below the features: they may import each other and packages, never a feature or a route. */
const CORE_PREFIXES = [
  'src/shared/',
  'src/server/core/',
  'src/server/db/',
  'src/server/ledger/',
  'src/server/circle/',
  'src/server/logging/',
  // Email delivery (outbox, templates, SMTP): features call it; it knows none of them.
  'src/server/email/',
  // Text and letter delivery (provider seam, sandbox) and the outbox rows' shared delivery steps.
  'src/server/messaging/',
];
const CORE_FILES = [
  'src/server/app-context.ts',
  'src/server/clock.ts',
  'src/server/config.ts',
  'src/server/app-root.ts',
];
const TEST_PACKAGES = ['vitest', 'fast-check', '@testing-library/', 'jsdom', '@playwright/'];

const IMPORT_PATTERN =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\bvi\.mock\(\s*['"]([^'"]+)['"]/g;

/** Every module specifier a file names: static imports and re-exports, dynamic imports, vi.mock. */
export function specifiersOf(text: string): string[] {
  return [...text.matchAll(IMPORT_PATTERN)].map((m) => m[1] ?? m[2] ?? m[3]!).filter(Boolean);
}

/** A repo-relative path for a project import, or null for a package. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return ALIASES[alias] + specifier.slice(alias.length);
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return null;
}

export const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('src/server/test/') || file.startsWith('src/web/test/');

const isCore = (file: string) => CORE_PREFIXES.some((p) => file.startsWith(p)) || CORE_FILES.includes(file);
const isRoutes = (file: string) => /(^|\/|-)routes\.ts$/.test(file);
const featureOf = (file: string) => /^src\/server\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

export function checkBoundaries(files: SourceFiles, options: BoundaryOptions): Violation[] {
  const violations: Violation[] = [];
  const featureEdges = new Map<string, Map<string, string>>();
  for (const [file, text] of files) {
    if (isTestCode(file)) continue;
    for (const specifier of specifiersOf(text)) {
      const target = resolveSpecifier(file, specifier);
      const report = (rule: Rule, detail: string) => violations.push({ rule, file, detail });
      if (target === null) {
        if (TEST_PACKAGES.some((p) => specifier === p || specifier.startsWith(p.endsWith('/') ? p : `${p}/`)))
          report('production-imports-test', `imports ${specifier}`);
        continue;
      }
      if (isTestCode(target)) report('production-imports-test', `imports ${target}`);
      if (file.startsWith('src/shared/') && !target.startsWith('src/shared/'))
        report('shared-imports-app', `imports ${target}`);
      if (file.startsWith('src/web/') && target.startsWith('src/server/'))
        report('web-imports-server', `imports ${target}`);
      const to = featureOf(target);
      if (isCore(file) && (to !== null || isRoutes(target))) report('core-upward', `imports ${target}`);
      if (file.startsWith('src/server/payments/') && to !== null)
        report('payments-imports-feature', `imports ${target}`);
      const from = featureOf(file);
      if (from === null || to === null || from === to) continue;
      const module = target.slice(`src/server/features/${to}/`.length);
      if (!(options.publicModules[to] ?? []).includes(module))
        report('feature-internals', `imports ${target}, not in the public modules of ${to}`);
      // Route files are the layer above the features: they may call any feature's public modules.
      if (!isRoutes(file)) {
        const edges = featureEdges.get(from) ?? new Map<string, string>();
        if (!edges.has(to)) edges.set(to, `${file} → ${target}`);
        featureEdges.set(from, edges);
      }
    }
  }
  const known = new Set(options.knownCycles ?? []);
  for (const cycle of cyclesOf(featureEdges)) {
    const name = [...cycle].sort().join(' ↔ ');
    if (known.has(name)) continue;
    const inside = cycle.flatMap((f) =>
      [...featureEdges.get(f)!].filter(([to]) => cycle.includes(to)).map(([, example]) => example),
    );
    violations.push({
      rule: 'feature-cycle',
      file: `src/server/features/{${name}}`,
      detail: inside.join('; '),
    });
  }
  return violations;
}

/** Folder cycles: every strongly connected group of two or more features (Tarjan). */
export function cyclesOf(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.reverse());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return groups;
}
