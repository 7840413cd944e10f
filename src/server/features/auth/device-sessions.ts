import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import type { SessionView } from '#shared/schemas/settings.ts';
import { browserLabel } from './browser-label.ts';
import { hashToken } from './sessions.ts';

/**
 * The id a session shows in the API: a hash of its token hash. Opaque and stable, and the token hash
 * (which is as good as the token for a database reader) never leaves the server.
 */
export function publicSessionId(tokenHash: string): string {
  return createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 16);
}

async function liveSessions(db: Db, userId: number, now: Date, idleMs: number) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** The user's signed-in devices, the current one marked. */
export async function listSessions(ctx: AppContext, userId: number, token: string): Promise<SessionView[]> {
  const now = ctx.clock.now();
  const current = hashToken(token);
  const rows = await liveSessions(ctx.database.db, userId, now, ctx.config.session.idleMs);
  return rows.map((row) => ({
    id: publicSessionId(row.tokenHash),
    browser: browserLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenHash === current,
  }));
}

/** Signs out one of the user's own devices; any other id (another user's too) names nothing. */
export async function revokeOwnSession(ctx: AppContext, userId: number, sessionId: string, ip: string) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    const row = rows.find((r) => publicSessionId(r.tokenHash) === sessionId);
    if (!row) throw new AppError('SESSION_NOT_FOUND');
    await tx.delete(sessions).where(eq(sessions.tokenHash, row.tokenHash));
    await recordAudit(tx, { action: 'session_revoked', actorUserId: userId, ip, at: now });
  });
}

/** Every session of the user but the one making the request (in the caller's transaction). */
export async function endOtherSessions(tx: Db, userId: number, token: string) {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(token))));
}

export async function revokeOtherSessions(ctx: AppContext, userId: number, token: string, ip: string) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await endOtherSessions(tx, userId, token);
    await recordAudit(tx, { action: 'session_revoked', actorUserId: userId, ip, at: now, subject: 'others' });
  });
}
