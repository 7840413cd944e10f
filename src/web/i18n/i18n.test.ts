import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#shared/errors.ts';
import { validationMessages } from '#shared/messages.ts';
import { languageCodes, namespaces } from './languages.ts';

const localesDir = path.join(import.meta.dirname, 'locales');
const webDir = path.join(import.meta.dirname, '..');

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'));
}

/** Flattens nested keys; plural forms (key_one, key_other…) count as their base key. */
function keys(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full.replace(/_(zero|one|two|few|many|other)$/, ''), value);
    else for (const [k, v] of keys(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has a file for every namespace in every language', () => {
    for (const language of languageCodes) {
      const files = readdirSync(path.join(localesDir, language)).sort();
      expect(files, language).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of namespaces) {
    for (const language of languageCodes.filter((l) => l !== 'en')) {
      it(`${language}/${namespace} has every key of English, no extra keys, and the same placeholders`, () => {
        const english = keys(load('en', namespace));
        const other = keys(load(language, namespace));
        const missing = [...english.keys()].filter((k) => !other.has(k));
        const extra = [...other.keys()].filter((k) => !english.has(k));
        expect(missing, `missing in ${language}/${namespace}`).toEqual([]);
        expect(extra, `extra in ${language}/${namespace}`).toEqual([]);
        for (const [key, text] of english) {
          expect(placeholders(other.get(key) ?? ''), `${language}/${namespace}:${key}`).toEqual(
            placeholders(text),
          );
          expect((other.get(key) ?? '').trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
        }
      });
    }
  }

  it('English says exactly the validation messages and error texts the server sends', () => {
    const common = load('en', 'common') as { validation: Tree; errors: Tree };
    expect(common.validation).toEqual(validationMessages);
    expect(common.errors).toEqual(
      Object.fromEntries(Object.entries(errorCatalog).map(([c, e]) => [c, e.message])),
    );
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    // Component tests render their own fixtures, which no user sees.
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('components', () => {
  it('render no literal text: every visible string comes from the translations', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(webDir)) {
      const source = readFileSync(file, 'utf8');
      // Text between a tag's end and the next tag or expression, containing a letter.
      for (const match of source.matchAll(/>\s*([^<>{}\n]*\p{L}[^<>{}\n]*)\s*</gu)) {
        const text = match[1]!.trim();
        // Skip punctuation-only text and TypeScript generics such as `Props<'a'> & Other<T>`.
        if (/^[\s\p{P}]*$/u.test(text) || /^[&|]\s/.test(text) || /=>|&&|\|\||\)\s*$/.test(match[0]))
          continue;
        offenders.push(`${path.relative(webDir, file)}: "${text}"`);
      }
      for (const match of source.matchAll(/\b(placeholder|aria-label|title|alt)="([^"]*\p{L}[^"]*)"/gu)) {
        offenders.push(`${path.relative(webDir, file)}: ${match[1]}="${match[2]}"`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

function sourceModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('translation keys used in code', () => {
  it('all exist in English (a typo would show the raw key to the user)', () => {
    const english = new Map(namespaces.map((ns) => [ns as string, keys(load('en', ns))]));
    const exists = (ns: string, key: string) => english.get(ns)?.has(key) || english.get('common')?.has(key);
    const unknown: string[] = [];
    for (const file of sourceModules(webDir)) {
      const source = readFileSync(file, 'utf8');
      const fileNs = source.match(/useTranslation\('(\w+)'\)/)?.[1] ?? 'common';
      for (const match of source.matchAll(/\bt\('([\w.:-]+)'/g)) {
        const [ns, key] = match[1]!.includes(':') ? match[1]!.split(':') : [fileNs, match[1]!];
        if (!exists(ns!, key!)) unknown.push(`${path.relative(webDir, file)}: ${match[1]}`);
      }
      for (const match of source.matchAll(/labelKey: '([\w.]+)'/g)) {
        if (!exists(fileNs, match[1]!)) unknown.push(`${path.relative(webDir, file)}: ${match[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
