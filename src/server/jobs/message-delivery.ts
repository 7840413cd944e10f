import type { AppContext } from '#server/app-context.ts';
import { messageHandedOver, waitingMessages } from '#server/messaging/delivery.ts';
import { enqueue } from './enqueue.ts';

/**
 * Gives every queued text and letter its 'send-message' job, in one transaction with marking the
 * row, so each row gets exactly one job (as handOverQueuedEmails does for email, decision 0026).
 * A provider always exists (the sandbox by default), so everything queued is handed over.
 */
export async function handOverQueuedMessages(ctx: AppContext): Promise<{ messages: number }> {
  const ids = await ctx.database.db.transaction(async (tx) => {
    const waiting = await waitingMessages(tx);
    for (const id of waiting) {
      const jobId = await enqueue(tx, 'send-message', { outboxId: id });
      if (jobId) await messageHandedOver(tx, id, jobId);
    }
    return waiting;
  });
  return { messages: ids.length };
}
