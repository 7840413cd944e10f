import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1) and UTF-16 halves without their partner: nothing a person types,
 * and NUL is a character PostgreSQL cannot store. Multi-line text keeps line breaks and tabs.
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) return true;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (multiline && (code === 0x0a || code === 0x0d || code === 0x09)) continue;
      return true;
    }
  }
  return false;
}

export type TextOptions = {
  /**
   * Most characters allowed. Zod counts code points, as a person counts characters (an emoji is one,
   * though it takes two UTF-16 units), and as PostgreSQL and JSON Schema count them.
   */
  max: number;
  /** Fewest characters, after trimming; 0 by default. */
  min?: number;
  /** Trim surrounding white space first (the default); passwords are taken as typed. */
  trim?: boolean;
  /** Notes, reasons, addresses: line breaks and tabs are allowed. */
  multiline?: boolean;
  /** Validation message keys (src/shared/messages.ts): missing or too short, too long. */
  messages?: { required?: string; max?: string };
};

/**
 * The one schema for free text in a body, path or query: bounded, trimmed unless told otherwise,
 * and free of control characters, so the database can always hold it and nothing invisible is stored.
 */
export function text(options: TextOptions) {
  const { max, min = 0, trim = true, multiline = false, messages = {} } = options;
  const required = messages.required ?? 'invalidInput';
  const base = z.string({ error: required });
  return (trim ? base.trim() : base)
    .min(min, { error: required })
    .max(max, { error: messages.max ?? 'textTooLong' })
    .refine((value) => !hasControlCharacters(value, multiline), { error: 'textCharacters' });
}
