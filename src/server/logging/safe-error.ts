import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What an error may say in a log line or a stored job result. Database errors carry the values of
 * the failed statement: Drizzle's DrizzleQueryError holds `params` and prints them in its message
 * (and so in its stack), PGlite's errors hold `params`, and PostgreSQL's `detail` repeats the row
 * ("Failing row contains (…)", "Key (fingerprint)=(…) already exists"). Those values are password
 * hashes, bank fingerprints, micro-deposit amounts. So only named, value-free fields are copied,
 * never every enumerable property the way pino's and serialize-error's defaults do.
 */
export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  /** SQLSTATE for database errors, else the error's own code (e.g. ECONNREFUSED, an AppError code). */
  code?: string;
  statusCode?: number;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
  /** The statement's text: placeholders ($1, $2…), never the values bound to them. */
  query?: string;
  paramCount?: number;
  cause?: SafeError;
};

const MAX_QUERY_CHARS = 2000;
const MAX_DEPTH = 4;

type Loose = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function isDatabaseError(error: Loose): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

/** Drizzle's wrapper prints the values under the statement ("Failed query: …\nparams: …"). */
const withoutParams = (message: string) => message.replace(/\nparams:.*$/s, '');

/**
 * PostgreSQL's own messages name tables, columns and constraints, but some end by quoting the
 * offending value (`invalid input syntax for type integer: "…"`, `malformed array literal: "…"`) or
 * name it (`value "…" is out of range for type integer`). Those values are cut out.
 */
export function databaseMessage(message: string): string {
  return message
    .replace(/: ".*"$/s, ': [value hidden]')
    .replace(/^value ".*?" is /s, 'value [hidden] is ')
    .replace(/: 0x[0-9a-f ]+$/i, ': [bytes hidden]');
}

/** The stack's frames under a new first line (the original first lines repeat the unsafe message). */
function framesUnder(header: string, stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const firstFrame = stack.search(/\n\s+at /);
  return firstFrame < 0 ? header : header + stack.slice(firstFrame);
}

function copyDatabaseFields(error: Loose, into: SafeError) {
  for (const key of ['severity', 'schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const) {
    const value = text(error[key]);
    if (value !== undefined) into[key] = value;
  }
}

function describe(error: unknown, depth: number): SafeError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: typeof error === 'string' ? error : String(error) };
  const e = error as Loose;
  // node-postgres names its DatabaseError 'error'; the class name says more. A plain object (an
  // already safe copy, a thrown literal) keeps its `type`, so describing twice changes nothing.
  const className = error.constructor?.name;
  const type =
    error instanceof Error && className && className !== 'Error'
      ? className
      : (text(e.type) ?? text(e.name) ?? className ?? 'Error');
  let message = text(e.message) ?? '';
  if (error instanceof DrizzleQueryError) message = `Failed query: ${error.query.slice(0, MAX_QUERY_CHARS)}`;
  else if (isDatabaseError(e)) message = databaseMessage(message);
  message = withoutParams(message);
  const safe: SafeError = { type, message };

  const stack = framesUnder(`${type}: ${message}`, e.stack);
  if (stack) safe.stack = stack;
  const code = text(e.code) ?? (typeof e.code === 'number' ? String(e.code) : undefined);
  if (code) safe.code = code;
  if (typeof e.statusCode === 'number') safe.statusCode = e.statusCode;
  copyDatabaseFields(e, safe);
  // The statement's text has placeholders, not values (PGlite adds it to its errors too).
  if (typeof e.query === 'string') safe.query = e.query.slice(0, MAX_QUERY_CHARS);
  if (Array.isArray(e.params)) safe.paramCount = e.params.length;
  else if (typeof e.paramCount === 'number') safe.paramCount = e.paramCount;
  if (e.cause !== undefined && depth < MAX_DEPTH) safe.cause = describe(e.cause, depth + 1);
  return safe;
}

/** A copy of `error` that is safe to log or store: see SafeError. */
export function safeError(error: unknown): SafeError {
  return describe(error, 0);
}

/** The innermost database error's facts, for a log line an operator can act on (which table, which rule). */
export function databaseFacts(error: unknown): Pick<SafeError, 'code' | 'table' | 'constraint'> | undefined {
  for (let e = safeError(error) as SafeError | undefined; e; e = e.cause)
    if (e.severity) return { code: e.code, table: e.table, constraint: e.constraint };
  return undefined;
}
