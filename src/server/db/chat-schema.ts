import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  announcementAudiences,
  announcementPriorities,
  messageTypes,
  systemMessageKinds,
} from '#shared/schemas/chat.ts';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A circle's chat (PRODUCT.md "Chat"): members' messages and the app's own (joins, confirmed
 * contributions, payouts, freezes, warnings). Rows are soft-deleted so a report keeps its message.
 */
export const groupMessages = pgTable(
  'group_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Null for the app's own messages. */
    userId: integer('user_id').references(() => users.id),
    message: text('message').notNull(),
    messageType: text('message_type', { enum: messageTypes }).notNull().default('text'),
    systemKind: text('system_kind', { enum: systemMessageKinds }),
    systemParams: jsonb('system_params').$type<Record<string, string | number>>(),
    /** A warning is for this member (and the admins) only. */
    recipientUserId: integer('recipient_user_id').references(() => users.id),
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    pinnedAt: at('pinned_at'),
    pinnedBy: integer('pinned_by').references(() => users.id),
    deletedAt: at('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('group_messages_group_id_idx').on(t.groupId, t.id),
    // The rate limit counts a member's recent messages in a group.
    index('group_messages_sender_recent_idx').on(t.groupId, t.userId, t.createdAt),
    index('group_messages_pinned_idx').on(t.groupId, t.pinnedAt).where(sql`${t.pinnedAt} is not null`),
  ],
);

export const groupAnnouncements = pgTable(
  'group_announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    priority: text('priority', { enum: announcementPriorities }).notNull().default('normal'),
    audience: text('audience', { enum: announcementAudiences }).notNull().default('all'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('group_announcements_group_id_idx').on(t.groupId, t.id)],
);

/** Who an announcement was for, fixed when it was posted: a member late then stays its reader. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => groupAnnouncements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.userId),
  ],
);

/** The spec's communication settings; a circle without a row has the defaults. */
export const groupCommunicationSettings = pgTable('group_communication_settings', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  membersCanMessage: boolean('members_can_message').notNull().default(true),
  adminOnlyAnnouncements: boolean('admin_only_announcements').notNull().default(true),
  autoWarnings: boolean('auto_warnings').notNull().default(true),
  requireApproval: boolean('require_approval').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** How far each member has read a circle's chat (unread counts). */
export const groupChatReads = pgTable(
  'group_chat_reads',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** A member's report of a message to the circle's admins; one per member and message. */
export const messageReports = pgTable(
  'message_reports',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => groupMessages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reporterId] })],
);
