import type { AppContext } from '#server/app-context.ts';
import { type NotificationType, notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { outboxMessages } from '#server/db/verification-schema.ts';
import { messagesShownInApp } from '#server/messaging/provider.ts';

type OutboxMessage = {
  userId: number;
  channel: 'sms' | 'mail';
  destination: string;
  body: string;
  /** When the code in `body` stops working: the body is blanked then (outbox-retention.ts). */
  expiresAt?: Date;
  /** What the bell shows instead when no carrier exists (the sandbox). */
  inApp: { type: NotificationType; data: Record<string, string | number> };
};

/**
 * Queues a text or a letter in the caller's transaction: it exists exactly when the event does. The
 * 'message-sweep' job hands it to a 'send-message' job, which sends it with the message provider
 * (src/server/messaging/, decision 0026); in the sandbox the person also gets it in the notification bell.
 */
export async function sendToOutbox(ctx: AppContext, tx: Db, now: Date, message: OutboxMessage) {
  await tx.insert(outboxMessages).values({
    userId: message.userId,
    channel: message.channel,
    destination: message.destination,
    body: message.body,
    expiresAt: message.expiresAt ?? null,
    createdAt: now,
  });
  if (messagesShownInApp(ctx.config.messaging))
    await notify(tx, now, [message.userId], message.inApp.type, null, message.inApp.data);
}
