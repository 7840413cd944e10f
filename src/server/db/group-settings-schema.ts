import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

/** A circle's own rules (spec 001 §3 Group rule), shown to members and to applicants before they apply. */
export const groupRules = pgTable(
  'group_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_rules_group_idx').on(t.groupId, t.position),
    check('group_rules_title_length', sql`char_length(${t.title}) between 1 and 100`),
    check('group_rules_description_length', sql`char_length(${t.description}) <= 500`),
  ],
);
