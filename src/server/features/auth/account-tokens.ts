import { randomBytes } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { emailVerificationTokens, passwordResetTokens } from '#server/db/schema.ts';
import { hashToken } from './sessions.ts';

/** The tables of emailed, single-use links: only a token's SHA-256 is stored, as for sessions. */
export type TokenTable = typeof passwordResetTokens | typeof emailVerificationTokens;

/** 256 random bits, base64url: the secret that travels in the link. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * The token's row, locked for the caller's transaction, or the refusal a person can act on: a
 * token nobody issued (or mistyped) is invalid; one already used or past its time says so.
 */
export async function usableToken<T extends TokenTable>(tx: Db, table: T, token: string, now: Date) {
  const [row] = await tx
    .select()
    .from(table as TokenTable)
    .where(eq(table.tokenHash, hashToken(token)))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('LINK_INVALID');
  if (row.usedAt) throw new AppError('LINK_USED');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('LINK_EXPIRED');
  return row as T['$inferSelect'];
}

/** How many links of this kind went to the user since `since`: the per-address limit. */
export async function linksSentSince(
  db: Db,
  table: TokenTable,
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.userId, userId), gt(table.createdAt, since)));
  return row?.n ?? 0;
}
