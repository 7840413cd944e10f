import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { LANGUAGE_STORAGE_KEY, languageCodes } from './languages.ts';

// public/load-app.js decides whether a pre-rendered page needs the app at once (decision 0046). A plain
// script, it carries its own copies of what the app reads: this keeps them the same.
const script = readFileSync(path.join(import.meta.dirname, '../public/load-app.js'), 'utf8');

describe('the pre-rendered pages’ loader', () => {
  it('reads the signed-in hint under its cookie name, with the production prefix', () => {
    expect(script).toContain(`(?:__Host-)?${SIGNED_IN_HINT_COOKIE}=1`);
  });

  it('reads the reader’s chosen language where the app keeps it', () => {
    expect(script).toContain(`localStorage.getItem('${LANGUAGE_STORAGE_KEY}')`);
  });

  it('knows the app’s languages', () => {
    const listed = /var supported = (\[[^\]]*\]);/.exec(script)?.[1];
    expect(JSON.parse(String(listed).replaceAll("'", '"'))).toEqual(languageCodes);
  });
});
