/**
 * An array parameter written as PostgreSQL's array literal, which both drivers pass as is: PGlite
 * refuses a JavaScript array for an `int[]` parameter ("invalid input syntax for type integer").
 * Strings are quoted, with their quotes and backslashes escaped.
 */
export function arrayParameter(values: readonly (number | string)[]): string {
  const items = values.map((value) =>
    typeof value === 'number' ? String(value) : `"${value.replace(/[\\"]/g, '\\$&')}"`,
  );
  return `{${items.join(',')}}`;
}
