// Builds what production runs into dist/:
//   dist/web/             the React app (Vite), with .br and .gz copies of its text files
//   dist/server/main.js   the server as one ES module (esbuild); packages stay in node_modules
//
//   tsx scripts/build.ts                  both (npm run build)
//   tsx scripts/build.ts web --if-changed the web app, unless its inputs are unchanged since the last
//                                         build (npm start): a hash of them is kept in dist/web-inputs.sha256
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildPrerenderedPages } from './content/build-prerendered.ts';
import { bundleServer } from './lib/bundle-server.ts';
import { compressWebAssets } from './lib/compress-web.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist', 'web');
const webInputsHashFile = path.join(root, 'dist', 'web-inputs.sha256');

// Everything the web bundle is made from: its sources, the shared code it imports, the public content
// and its compiler, the tool settings
// and the locked dependency versions, and this build step itself.
const WEB_INPUT_DIRS = ['src/web', 'src/shared', 'content', 'scripts/content'];
const WEB_INPUT_FILES = [
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/lib/compress-web.ts',
];

function webInputsHash(): string {
  const files = [
    ...WEB_INPUT_DIRS.flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    ),
    ...WEB_INPUT_FILES,
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

async function buildWeb(options: { ifChanged: boolean }) {
  const inputs = webInputsHash();
  const built = existsSync(path.join(webDir, 'index.html')) && existsSync(webInputsHashFile);
  if (options.ifChanged && built && readFileSync(webInputsHashFile, 'utf8').trim() === inputs) {
    console.log('web app up to date (dist/web-inputs.sha256 matches its sources)');
    return;
  }
  const started = Date.now();
  rmSync(webInputsHashFile, { force: true });
  // Loaded only to build: an up-to-date start should not pay for them.
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  await buildPrerenderedPages(root, webDir);
  const files = await compressWebAssets(webDir);
  writeFileSync(webInputsHashFile, `${inputs}\n`);
  const total = (key: 'bytes' | 'brBytes') => files.reduce((sum, file) => sum + (file[key] ?? file.bytes), 0);
  console.log(
    `web app built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${files.length} text files, ` +
      `${(total('bytes') / 1024).toFixed(0)} KB, ${(total('brBytes') / 1024).toFixed(0)} KB as brotli`,
  );
}

/** The bundle imports packages from node_modules at run time: each must be a production dependency. */
function assertRuntimePackagesAreDependencies(imports: string[]) {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const packageOf = (specifier: string) =>
    specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  const missing = [
    ...new Set(imports.filter((specifier) => !specifier.startsWith('node:')).map(packageOf)),
  ].filter((name) => !(name in dependencies));
  if (missing.length > 0)
    throw new Error(`the server imports ${missing.join(', ')} at run time: move to "dependencies"`);
}

async function buildServer() {
  const started = Date.now();
  const outfile = path.join(root, 'dist', 'server', 'main.js');
  rmSync(path.dirname(outfile), { recursive: true, force: true });
  const imports = await bundleServer(outfile);
  assertRuntimePackagesAreDependencies(imports);
  console.log(`server bundled in ${((Date.now() - started) / 1000).toFixed(1)} s: dist/server/main.js`);
}

const [what = 'all', ...flags] = process.argv.slice(2);
if (!['all', 'web', 'server'].includes(what) || flags.some((flag) => flag !== '--if-changed')) {
  console.error('usage: tsx scripts/build.ts [all|web|server] [--if-changed]');
  process.exit(2);
}
process.chdir(root);
if (what !== 'server') await buildWeb({ ifChanged: flags.includes('--if-changed') });
if (what !== 'web') await buildServer();
