import { z } from 'zod';

/** A database id: a positive 32-bit integer (anything larger cannot name a row, and would overflow). */
export const dbId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** The same in a URL path, where it arrives as text. */
export const dbIdParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
