import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  groupId: z.number().int().nullable(),
  /** What the message is made of (names, amounts, cycle), worded by the page in the reader's language. */
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the latest 30 and how many are unread. */
export const notificationsReply = z.object({
  unreadCount: z.number().int(),
  notifications: z.array(notificationSchema),
});
export type NotificationsReply = z.infer<typeof notificationsReply>;
