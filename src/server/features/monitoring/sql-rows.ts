export { num, rowsOf } from '#server/db/sql-rows.ts';

export const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

export const iso = (value: unknown) => (value ? new Date(value as string | Date).toISOString() : null);
