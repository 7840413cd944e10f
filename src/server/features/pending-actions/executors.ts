import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { listenerRegistry } from '#server/core/listener-registry.ts';
import type { Db } from '#server/db/client.ts';
import type { PendingAction } from './request-approval.ts';

/** Carries out an approved action of one type, in the caller's transaction (holding the group lock). */
export type ActionExecutor = (ctx: AppContext, tx: Db, group: Group, action: PendingAction) => Promise<void>;

// One executor an action type, from the feature that owns the change; they subscribe at start-up
// (src/server/feature-subscriptions.ts), so pending actions import none of them.
const executors = listenerRegistry<PendingAction['type'], ActionExecutor>();

/** Subscribes the feature's executor for approved actions of this type; again replaces it. */
export function onApprovedAction(type: PendingAction['type'], executor: ActionExecutor) {
  executors.on(type, executor);
}

export function executorFor(type: PendingAction['type']): ActionExecutor {
  const executor = executors.get(type);
  if (!executor) throw new Error(`no executor for approved action ${type}`);
  return executor;
}
