import { z } from 'zod';

/** PostgreSQL's `integer`, the type of every id column: one more cannot name a row, and overflows. */
export const MAX_DB_ID = 2 ** 31 - 1;

/** A database id in a JSON body: a positive 32-bit integer. */
export const dbId = z.number().int().positive().max(MAX_DB_ID);

/** The same in a URL path or query string, where it arrives as text. */
export const dbIdParam = z.coerce.number().int().positive().max(MAX_DB_ID);

/**
 * The spec's bodies name the acting user (`userId`, `createdBy`); identity comes from the session
 * and a different id is refused, but the id itself must still be one.
 */
export const claimedUserId = dbId.optional();

/** A cycle of a circle: circles have at most 20 members, so 1000 is far beyond any real cycle. */
export const cycleNumber = z.number().int().min(1).max(1000);
