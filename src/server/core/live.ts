import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';

/** The PostgreSQL channel live events travel on, to every server instance (PGlite: within the process). */
export const LIVE_CHANNEL = 'savecircle_live';

/**
 * Announces a change inside the caller's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, and drops it on rollback, so no screen hears of a change that did not happen
 * (PGlite behaves the same). Open screens then refetch; the stream (features/live) filters by access.
 */
export async function publishLive(tx: Db, ...events: LiveEvent[]) {
  for (const event of events) {
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
  }
}
