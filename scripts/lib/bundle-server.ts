import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * src/server/main.ts as one ES module (esbuild): what production runs, and what the tests that start
 * real server processes run (it starts in about half the time of transpiling every module with tsx).
 * Packages (native argon2, PGlite's WebAssembly, pg-boss...) load from node_modules as installed.
 * Returns the packages the bundle imports at run time.
 */
export async function bundleServer(outfile: string): Promise<string[]> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  );
}
