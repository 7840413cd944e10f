import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCodes } from './languages.ts';

// public/startup-fallback.js shows when the app's code never ran, so it carries its own copy of
// common.json's `startup` words: this keeps that copy the same as the translations.
const script = readFileSync(path.join(import.meta.dirname, '../public/startup-fallback.js'), 'utf8');
// The object literal as written there (a plain script, not a module that could be imported).
const literal = /var WORDS = (\{[\s\S]*?\n {2}\});/.exec(script)![1];
const words = new Function(`return ${literal}`)() as Record<string, unknown>;

describe('the start-up fallback of index.html', () => {
  it.each(languageCodes)('says in %s what common.json says', async (code) => {
    const common = (await import(`./locales/${code}/common.json`)).default;
    const { title, intro, steps, reload, contactSupport } = common.startup;
    expect(words[code]).toEqual([
      title,
      intro,
      [steps.refresh, steps.chrome, steps.cache, steps.update],
      reload,
      contactSupport,
    ]);
  });
});
