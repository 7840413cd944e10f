import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowFromJson } from '#server/db/json-row.ts';
import { prepared } from '#server/db/prepared.ts';
import { groupSafeguards } from '#server/db/safeguards-schema.ts';
import {
  defaultSafeguardConfig,
  type SafeguardConfig,
  type SafeguardType,
  safeguardTypes,
} from '#shared/safeguards.ts';

export type SafeguardState<T extends SafeguardType = SafeguardType> = {
  type: T;
  enabled: boolean;
  config: SafeguardConfig<T>;
  modifiedBy: number | null;
  updatedAt: Date | null;
};

export type Safeguards = { [T in SafeguardType]: SafeguardState<T> };

/** Every safeguard of the circle: stored settings, or off with the default configuration. */
export async function loadSafeguards(db: Db, groupId: number): Promise<Safeguards> {
  return safeguardsFrom(await storedSafeguards(db, { groupId }));
}

// Read by the group page and by money writes: built once (db/prepared.ts).
const storedSafeguards = prepared<{ groupId: number }, (typeof groupSafeguards.$inferSelect)[]>(
  'stored_safeguards',
  (db) =>
    db
      .select()
      .from(groupSafeguards)
      .where(eq(groupSafeguards.groupId, sql.placeholder('groupId'))),
);

/**
 * The circle's stored safeguard rows as one JSON array, for a page's single statement (the group
 * page, the Escrow tab) whose FROM has `groups`: a second round trip would cost the page more than
 * the rows do. Read back with safeguardsFromJson.
 */
export const storedSafeguardsJson: SQL<Record<string, unknown>[]> = sql`(select
  coalesce(json_agg(row_to_json(s)), '[]'::json) from group_safeguards s where s.group_id = groups.id)`;

export function safeguardsFromJson(rows: Record<string, unknown>[]): Safeguards {
  return safeguardsFrom(rows.map((row) => rowFromJson(groupSafeguards, row)));
}

/** Every safeguard, from the circle's stored rows. */
export function safeguardsFrom(rows: (typeof groupSafeguards.$inferSelect)[]): Safeguards {
  const stored = new Map(rows.map((row) => [row.type, row]));
  return Object.fromEntries(
    safeguardTypes.map((type) => {
      const row = stored.get(type);
      return [
        type,
        {
          type,
          enabled: row?.enabled ?? false,
          config: { ...defaultSafeguardConfig[type], ...(row?.configuration ?? {}) },
          modifiedBy: row?.modifiedBy ?? null,
          updatedAt: row?.updatedAt ?? null,
        },
      ];
    }),
  ) as Safeguards;
}

/** The rule's configuration when it is on, else null: `if (on(s.time_lock)) …`. */
export function whenOn<T extends SafeguardType>(state: SafeguardState<T>): SafeguardConfig<T> | null {
  return state.enabled ? state.config : null;
}

/**
 * The payout deliveries the circle's safeguards allow: with third-party custody on, the pool only
 * goes to the recipient's wallet. The release refuses anything else, and the group page offers only these.
 */
export function allowedPayoutDeliveries(safeguards: Safeguards): ('wallet' | 'off_app')[] {
  return whenOn(safeguards.third_party_custody) ? ['wallet'] : ['wallet', 'off_app'];
}
