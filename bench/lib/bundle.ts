// Gzipped size of what the landing page loads: the built index.html's scripts, preloads and styles,
// plus the lazily loaded landing route chunk and its static imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type BundleFile = { file: string; bytes: number; gzipBytes: number };

export type BundleReport = {
  webDir: string;
  initial: { js: BundleFile[]; css: BundleFile[]; jsGzipKb: number; cssGzipKb: number };
  /** The landing route's lazy chunk and what it statically imports beyond the initial files. */
  landing: { chunk: string | null; extraJs: BundleFile[]; extraCss: BundleFile[]; totalJsGzipKb: number };
};

function sizeOf(webDir: string, file: string): BundleFile {
  const content = readFileSync(path.join(webDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

const kb = (files: BundleFile[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;

/** Attribute values of the tags in `html` whose name and attributes match. */
function references(html: string, tag: string, wanted: (attributes: string) => boolean, attribute: string) {
  const found: string[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attributes = match[1] ?? '';
    if (!wanted(attributes)) continue;
    const value = new RegExp(`\\b${attribute}\\s*=\\s*["']([^"']+)["']`, 'i').exec(attributes)?.[1];
    if (value && !/^[a-z]+:\/\//i.test(value)) found.push(value);
  }
  return found;
}

/** An href/src relative to the site root, as a path relative to webDir. */
function toFile(reference: string, from = ''): string {
  const clean = reference.split(/[?#]/)[0] ?? reference;
  return clean.startsWith('/') ? clean.slice(1) : path.posix.join(path.posix.dirname(from), clean);
}

// The statements at the top of a minified ES module: `import{a as b}from"./x.js";import"./y.css";`
const LEADING_IMPORT = /\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"']+)\1\s*;?/y;

function staticImports(webDir: string, file: string): string[] {
  const code = readFileSync(path.join(webDir, file), 'utf8');
  const imports: string[] = [];
  LEADING_IMPORT.lastIndex = 0;
  for (let match = LEADING_IMPORT.exec(code); match; match = LEADING_IMPORT.exec(code)) {
    const specifier = match[2] ?? '';
    if (specifier.startsWith('.') || specifier.startsWith('/')) imports.push(toFile(specifier, file));
  }
  return imports;
}

/** `roots` and everything they statically import, transitively. */
function closure(webDir: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(path.join(webDir, file))) continue;
    seen.add(file);
    if (file.endsWith('.js')) queue.push(...staticImports(webDir, file));
  }
  return [...seen];
}

export function bundleReport(webDir: string): BundleReport | null {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8');

  const scripts = references(html, 'script', (a) => /\btype\s*=\s*["']module["']/i.test(a), 'src');
  const preloads = references(html, 'link', (a) => /\brel\s*=\s*["']modulepreload["']/i.test(a), 'href');
  const styles = references(html, 'link', (a) => /\brel\s*=\s*["']stylesheet["']/i.test(a), 'href');

  const initialFiles = closure(
    webDir,
    [...scripts, ...preloads, ...styles].map((r) => toFile(r)),
  );
  const initialJs = initialFiles.filter((file) => file.endsWith('.js')).map((file) => sizeOf(webDir, file));
  const initialCss = initialFiles.filter((file) => file.endsWith('.css')).map((file) => sizeOf(webDir, file));

  const assets = existsSync(path.join(webDir, 'assets')) ? readdirSync(path.join(webDir, 'assets')) : [];
  const chunkName = assets.find((name) => /^landing-page-[\w-]+\.js$/.test(name));
  const chunk = chunkName ? `assets/${chunkName}` : null;
  const landingCss = assets
    .filter((name) => /^landing-page-[\w-]+\.css$/.test(name))
    .map((n) => `assets/${n}`);
  const extra = chunk
    ? closure(webDir, [chunk, ...landingCss]).filter((file) => !initialFiles.includes(file))
    : [];
  const extraJs = extra.filter((file) => file.endsWith('.js')).map((file) => sizeOf(webDir, file));
  const extraCss = extra.filter((file) => file.endsWith('.css')).map((file) => sizeOf(webDir, file));

  return {
    webDir,
    initial: { js: initialJs, css: initialCss, jsGzipKb: kb(initialJs), cssGzipKb: kb(initialCss) },
    landing: { chunk, extraJs, extraCss, totalJsGzipKb: kb(initialJs) + kb(extraJs) },
  };
}
