import type { Group } from '#server/circle/access.ts';
import type { SessionUser } from '#server/core/identity.ts';
import type { Db } from '#server/db/client.ts';
import type { ApplicationFields, MyApplication } from '#shared/schemas/applications.ts';

/** Records a request to join a circle that reviews its members, in the join's locked transaction. */
export type JoinRequestHandler = (
  tx: Db,
  group: Group,
  user: SessionUser,
  fields: ApplicationFields,
  now: Date,
) => Promise<MyApplication>;

/** Told when the last seat is taken, in the same transaction. */
export type CircleFilledListener = (tx: Db, group: Group, now: Date) => Promise<void>;

// Applications subscribe here at start-up (src/server/feature-subscriptions.ts): they take seats
// through groups, so groups reach them only through these hooks.
let joinRequestHandler: JoinRequestHandler | null = null;
const filledListeners = new Map<string, CircleFilledListener>();

export function onJoinRequest(handler: JoinRequestHandler) {
  joinRequestHandler = handler;
}

/** Keyed by subscriber, so subscribing again at another start-up replaces rather than doubles. */
export function onCircleFilled(subscriber: string, listener: CircleFilledListener) {
  filledListeners.set(subscriber, listener);
}

export function requestToJoin(tx: Db, group: Group, user: SessionUser, fields: ApplicationFields, now: Date) {
  if (!joinRequestHandler) throw new Error('nothing handles requests to join');
  return joinRequestHandler(tx, group, user, fields, now);
}

export async function circleFilled(tx: Db, group: Group, now: Date) {
  for (const listener of filledListeners.values()) await listener(tx, group, now);
}
