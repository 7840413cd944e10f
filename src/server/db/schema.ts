import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { NotificationPreferenceOverrides } from '#shared/schemas/settings.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    bankAccountId: text('bank_account_id'),
    bankAccountLast4: text('bank_account_last4'),
    bankAccountVerified: boolean('bank_account_verified').notNull().default(false),
    isOperator: boolean('is_operator').notNull().default(false),
    /**
     * How the operator flag was granted: 'env' (OPERATOR_USERNAMES, taken away again when the name
     * leaves the list at a start) or 'command' (npm run operator, kept until demoted); null otherwise.
     */
    operatorSource: text('operator_source').$type<'env' | 'command'>(),
    /** The language of the emails sent to them (one of the web app's six). */
    language: text('language').notNull().default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** IANA zone the app shows the user's own dates in (validated like a circle's zone). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Only the switches turned off: { kind: { inApp?: false, email?: false } }; empty = all on. */
    notificationPreferences: jsonb('notification_preferences')
      .$type<NotificationPreferenceOverrides>()
      .notNull()
      .default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames and emails are unique regardless of case: "Maria" and "maria" are one person.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the 256-bit token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** What the action was about, e.g. the username tried at a failed login. */
    subject: text('subject'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_action_subject_at_idx').on(t.action, t.subject, t.at),
    index('audit_log_actor_at_idx').on(t.actorUserId, t.at),
  ],
);

/**
 * Sign-in attempts per username (lower-cased, known or not) in the current window. Counted with one
 * atomic upsert before the password is checked, so concurrent guesses each see the ones before
 * them (decision 0019). A successful sign-in deletes the row; the session sweep deletes old ones.
 */
export const loginAttempts = pgTable('login_attempts', {
  subject: text('subject').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_signups_email_lower_idx').on(sql`lower(${t.email})`)],
);

export * from '../ledger/schema.ts';
export * from './account-data-schema.ts';
export * from './analytics-schema.ts';
export * from './applications-schema.ts';
export * from './autopay-schema.ts';
export * from './chat-schema.ts';
export * from './email-schema.ts';
export * from './group-settings-schema.ts';
export * from './groups-schema.ts';
export * from './invitations-schema.ts';
export * from './membership-schema.ts';
export * from './monitoring-schema.ts';
export * from './payments-schema.ts';
export * from './product-events-schema.ts';
export * from './referrals-schema.ts';
export * from './reputation-schema.ts';
export * from './safeguards-schema.ts';
export * from './support-schema.ts';
export * from './verification-schema.ts';
export * from './withdrawals-schema.ts';
