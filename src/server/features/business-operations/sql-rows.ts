import { type SQL, sql } from 'drizzle-orm';
import type { Window } from './windows.ts';

export { num, rowsOf as rows } from '#server/db/sql-rows.ts';

/** `column` lies within the window. */
export const within = (column: SQL, window: Window) =>
  sql`(${column} >= ${window.from.toISOString()}::timestamptz and ${column} < ${window.to.toISOString()}::timestamptz)`;
