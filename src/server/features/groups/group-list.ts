import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groups } from '#server/db/groups-schema.ts';
import { rowFromJson } from '#server/db/json-row.ts';
import { jsonStatement } from '#server/db/json-statement.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import { serializeGroup } from './group-detail.ts';

/** One card's row as `groupCardsJson` returns it; `group` is the groups row as JSON. */
export type GroupCardRow = {
  group: Record<string, unknown>;
  hasReceivedPayout: boolean;
  position: number | null;
  nextRecipient: string | null;
  payoutDate: string | null;
  dueDate: string | null;
  paidCount: number;
  balanceCents: number;
};

/**
 * The user's groups with the figures their cards show, as one JSON array, so the list and the
 * dashboard each get them inside a single statement. Every lookup is by the user's memberships and
 * then by primary or unique keys, so the work does not grow with the number of circles.
 */
export function groupCardsJson(userId: SQL | Placeholder): SQL<GroupCardRow[]> {
  return sql<GroupCardRow[]>`(
    select coalesce(json_agg(json_build_object(
        'group', row_to_json(g),
        'hasReceivedPayout', gm.has_received_payout,
        'position', gm.position,
        'nextRecipient', (select u.full_name from users u where u.id = cy.recipient_user_id),
        'payoutDate', cy.payout_on,
        'dueDate', cy.due_on,
        'paidCount', (select count(*)::int from contributions c
                      where c.group_id = g.id and c.cycle = g.current_cycle and c.status = 'paid'),
        'balanceCents', coalesce((select la.balance_cents from ledger_accounts la
                                  where la.key = 'escrow:' || g.id || ':' || g.current_cycle), 0)
      ) order by g.status, g.created_at), '[]'::json)
    from group_members gm
    join groups g on g.id = gm.group_id
    left join cycles cy on cy.group_id = g.id and cy.number = g.current_cycle
    where gm.user_id = ${userId})`;
}

export type GroupCard = ReturnType<typeof groupCard>;

export function groupCard(row: GroupCardRow) {
  const group = rowFromJson(groups, row.group);
  const active = group.status === 'active';
  // Object.assign, not a spread: V8 copies this many properties by spread several times slower.
  return Object.assign(serializeGroup(group, { includeInvite: true }), {
    contributionProgress: active ? row.paidCount : 0,
    nextRecipient: active ? row.nextRecipient : null,
    payoutDate: active ? row.payoutDate : null,
    dueDate: active ? row.dueDate : null,
    balance: formatAmount(Number(row.balanceCents)),
    myPosition: row.position,
    hasReceivedPayout: row.hasReceivedPayout,
  });
}

const cardsStatement = jsonStatement<{ userId: number }, GroupCardRow[]>('user_group_cards', (db) =>
  db
    .select({ data: groupCardsJson(sql.placeholder('userId')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** The user's groups with the figures their cards show, in one statement. */
export async function userGroups(db: Db, userId: number) {
  return ((await cardsStatement(db, { userId })) ?? []).map(groupCard);
}
