import { z } from 'zod';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  MESSAGE_MAX,
  MESSAGE_PAGE_SIZE,
  REPORT_REASON_MAX,
} from '../chat-limits.ts';
import { claimedUserId, dbIdParam } from './ids.ts';
import { text } from './text.ts';

/**
 * text: written by a member. contribution / payout / system: posted by the app (joins, confirmed
 * contributions, payouts, freezes), worded by the reader's screen from `system`. warning: the
 * app's word to one late member (auto-warnings), seen by that member and the admins only.
 */
export const messageTypes = ['text', 'contribution', 'payout', 'system', 'warning'] as const;
export type MessageType = (typeof messageTypes)[number];

export const systemMessageKinds = [
  'member_joined',
  'contribution_confirmed',
  'payout_sent',
  'group_frozen',
  'group_unfrozen',
  'overdue_warning',
] as const;
export type SystemMessageKind = (typeof systemMessageKinds)[number];

export const announcementPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];
/** all: every member; active: members with nothing overdue; late: members with an overdue contribution. */
export const announcementAudiences = ['all', 'active', 'late'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

// ---- requests ----

/** POST /api/groups/{groupId}/messages, the spec's payload; `userId` other than the caller → 403. */
export const sendMessageSchema = z.strictObject({
  userId: claimedUserId,
  message: text({
    min: 1,
    max: MESSAGE_MAX,
    multiline: true,
    messages: { required: 'messageRequired', max: 'messageMax' },
  }),
  /** The spec's client always sends text; the app's own kinds are not for members to post. */
  messageType: z.literal('text').default('text'),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** GET /api/groups/{groupId}/messages: newest first; `before` (a message id) pages back; `pinned` lists the pinned ones. */
export const messagesQuery = z.strictObject({
  before: dbIdParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  pinned: z.enum(['true', 'false']).optional(),
});

export const messageParams = z.strictObject({ groupId: dbIdParam, messageId: dbIdParam });

/** POST /api/groups/{groupId}/announcements, the spec's payload plus the audience. */
export const createAnnouncementSchema = z.strictObject({
  createdBy: claimedUserId,
  title: text({
    min: 1,
    max: ANNOUNCEMENT_TITLE_MAX,
    messages: { required: 'titleRequired', max: 'titleMax' },
  }),
  content: text({
    min: 1,
    max: ANNOUNCEMENT_CONTENT_MAX,
    multiline: true,
    messages: { required: 'contentRequired', max: 'contentMax' },
  }),
  priority: z.enum(announcementPriorities).default('normal'),
  audience: z.enum(announcementAudiences).default('all'),
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementSchema>;

/** The spec's communication settings, stored per group and enforced by the server. */
export const communicationSettingsSchema = z.strictObject({
  /** Off: only admins write in the chat; members read 'Messaging is currently restricted to administrators only.' */
  membersCanMessage: z.boolean(),
  /** Off: members may post announcements too (to all members). */
  adminOnlyAnnouncements: z.boolean(),
  /** On: a member whose contribution becomes overdue gets a warning message in the chat. */
  autoWarnings: z.boolean(),
  /** On: a member's message waits for an admin's approval before the others see it. */
  requireApproval: z.boolean(),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;

export const reportMessageSchema = z.strictObject({
  reason: text({
    min: 1,
    max: REPORT_REASON_MAX,
    multiline: true,
    messages: { required: 'reasonRequired', max: 'reasonMax' },
  }),
});

/** POST /api/groups/{groupId}/messages/read: everything up to this message has been seen. */
export const markReadSchema = z.strictObject({
  lastReadMessageId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});

// ---- replies ----

export const chatMessageSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  /** null for the app's own messages. */
  userId: z.number().int().nullable(),
  /** The member's text; empty for the app's own messages, which carry `system`. */
  message: z.string(),
  messageType: z.enum(messageTypes),
  system: z
    .object({
      kind: z.enum(systemMessageKinds),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
    })
    .nullable(),
  isPinned: z.boolean(),
  /** requireApproval: waiting for an admin; seen only by its author and the admins until approved. */
  awaitingApproval: z.boolean(),
  createdAt: z.string(),
  /** The sender as the spec's list carries it; a removed member keeps their name. */
  user: z.object({ fullName: z.string() }).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const messagesReply = z.array(chatMessageSchema);

export const announcementSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  createdBy: z.number().int(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(announcementPriorities),
  audience: z.enum(announcementAudiences),
  createdAt: z.string(),
  createdByUser: z.object({ fullName: z.string() }),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsReply = z.array(announcementSchema);

/** GET /api/chat/unread: unread chat messages per group the caller belongs to. */
export const unreadCountsReply = z.array(z.object({ groupId: z.number().int(), unread: z.number().int() }));
export type UnreadCounts = z.infer<typeof unreadCountsReply>;
