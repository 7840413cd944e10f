import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { supportTickets } from '#server/db/schema.ts';
import { fullTickets } from './ticket-views.ts';

/** The requests a user sent while signed in, with the answers: theirs only, by the session's id. */
export function myTickets(db: Db, userId: number) {
  return fullTickets(db, eq(supportTickets.senderUserId, userId), { limit: 50, offset: 0 });
}
