import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { productEvents } from '#server/db/schema.ts';
import { statement } from '#server/db/statement.ts';
import type { ProductEventName } from '#shared/schemas/product-events.ts';

/** How long an event is kept: 13 months, so a year can be compared with the same month a year before. */
export const PRODUCT_EVENT_RETENTION_DAYS = 396;
const DAY = 86_400_000;

export type ProductEvent = {
  name: ProductEventName;
  userId?: number | null;
  groupId?: number | null;
  /** The action's time on the app clock (tests move it). */
  at: Date;
};

/**
 * Stores one product event (decision 0036). Pass the action's transaction: the event commits with
 * the action, so a rolled-back action records nothing.
 */
export async function recordProductEvent(db: Db, event: ProductEvent) {
  await insertProductEvent(db, ...productEventValues(event));
}

/** recordProductEvent as a statement to run with other writes (db/statement.ts writeTogether). */
export function productEventWrite(event: ProductEvent) {
  return insertProductEvent.with(...productEventValues(event));
}

const productEventValues = (event: ProductEvent) =>
  [event.name, event.userId ?? null, event.groupId ?? null, event.at.toISOString()] as Parameters<
    typeof insertProductEvent.with
  >;

// Every contribution, sign-up and join writes one: SQL built once (db/statement.ts).
const insertProductEvent = statement<
  never,
  [name: ProductEventName, userId: number | null, groupId: number | null, at: string]
>(
  'product_event',
  'insert into product_events (name, user_id, group_id, occurred_at) values ($1, $2, $3, $4::timestamptz)',
);

/** Due work: deletes events older than the retention period. Idempotent; returns how many went. */
export async function deleteExpiredProductEvents(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - PRODUCT_EVENT_RETENTION_DAYS * DAY);
  const deleted = await db
    .delete(productEvents)
    .where(lt(productEvents.occurredAt, cutoff))
    .returning({ id: productEvents.id });
  return deleted.length;
}
