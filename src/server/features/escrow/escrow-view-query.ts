import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groups } from '#server/db/groups-schema.ts';
import { isoInstant, jsonObject } from '#server/db/json-row.ts';
import { jsonStatement } from '#server/db/json-statement.ts';
import { storedSafeguardsJson } from '../safeguards/rules.ts';

type Json = Record<string, unknown>;

export type EscrowCycleRow = {
  /** The cycles row as row_to_json gives it. */
  cycle: Json;
  recipientName: string | null;
  /** What the tab shows of the cycle's payout: not the whole row (issue 18). */
  payout: { amountCents: number; feeCents: number; paidAt: string | null } | null;
  paid: number;
  balanceCents: number;
  /** Ledger entries on the cycle's escrow account, and bank debits still on their way to it. */
  entries: number;
  inFlight: number;
};

export type EscrowViewRow = {
  group: Json;
  /** The viewer's group_members row; null for a non-member. */
  membership: Json | null;
  memberCount: number;
  safeguards: Json[];
  /** Started cycles, newest first. */
  cycles: EscrowCycleRow[];
  /** When each of the current cycle's paid contributions was paid, earliest first. */
  currentPaidAt: string[];
  disputes: { dispute: Json; openedByName: string }[];
  /** Releases waiting for signatures, or approved and not yet carried out. */
  releases: {
    id: number;
    status: string;
    cycle: number;
    requiredApprovals: number;
    blockedBy: string | null;
    approvals: number;
  }[];
};

const groupId = sql.placeholder('groupId');
const userId = sql.placeholder('userId');

/**
 * The Escrow tab in one statement, as one JSON value (see json-statement.ts): the group, the
 * viewer's membership, the safeguards, each started cycle with its payout and escrow figures,
 * disputes, releases in progress and what the release gate needs about the current cycle.
 */
function statement(db: Db) {
  const fields: Record<keyof EscrowViewRow, SQL> = {
    group: sql`row_to_json(groups)`,
    membership: sql`(select row_to_json(gm) from group_members gm
      where gm.group_id = groups.id and gm.user_id = ${userId})`,
    memberCount: sql`(select count(*)::int from group_members gm where gm.group_id = groups.id)`,
    safeguards: storedSafeguardsJson,
    cycles: sql`(select coalesce(json_agg(json_build_object('cycle', row_to_json(cy),
        'recipientName', u.full_name,
        'payout', case when p.id is not null then json_build_object('amountCents', p.amount_cents,
          'feeCents', p.fee_cents, 'paidAt', ${isoInstant(sql`p.paid_at`)}) end,
        'paid', (select count(*)::int from contributions c
          where c.group_id = cy.group_id and c.cycle = cy.number and c.status = 'paid'),
        'balanceCents', coalesce(la.balance_cents, 0),
        'entries', (select count(*)::int from ledger_entries e where e.account_id = la.id),
        'inFlight', (select count(*)::int from bank_debits d join contributions c on c.id = d.contribution_id
          where d.group_id = cy.group_id and c.cycle = cy.number and d.status in ('requested', 'processing')))
        order by cy.number desc), '[]'::json)
      from cycles cy
      left join users u on u.id = cy.recipient_user_id
      left join payouts p on p.group_id = cy.group_id and p.cycle = cy.number
      -- By its unique key (src/server/ledger/accounts.ts).
      left join ledger_accounts la on la.key = 'escrow:' || cy.group_id || ':' || cy.number
      where cy.group_id = groups.id and cy.status <> 'upcoming')`,
    currentPaidAt: sql`(select coalesce(json_agg(${isoInstant(sql`c.paid_at`)} order by c.paid_at, c.id), '[]'::json)
      from contributions c
      where c.group_id = groups.id and c.cycle = groups.current_cycle and c.status = 'paid')`,
    disputes: sql`(select coalesce(json_agg(json_build_object('dispute', row_to_json(d),
        'openedByName', u.full_name) order by d.id desc), '[]'::json)
      from escrow_disputes d join users u on u.id = d.opened_by
      where d.group_id = groups.id)`,
    releases: sql`(select coalesce(json_agg(json_build_object('id', a.id, 'status', a.status,
        'cycle', (a.payload ->> 'cycle')::int, 'requiredApprovals', a.required_approvals,
        'blockedBy', a.blocked_by,
        'approvals', (select count(*)::int from pending_action_approvals v where v.action_id = a.id))), '[]'::json)
      from pending_actions a
      where a.group_id = groups.id and a.type = 'release_escrow'
        and (a.status = 'pending' or (a.status = 'approved' and a.executed_at is null)))`,
  };
  return db
    .select({ data: jsonObject<EscrowViewRow>(fields) })
    .from(groups)
    .where(eq(groups.id, groupId));
}

const escrowViewStatement = jsonStatement<{ groupId: number; userId: number }, EscrowViewRow>(
  'escrow_view',
  statement,
);

/** The Escrow tab's rows, or undefined when there is no such group. */
export function loadEscrowViewRow(db: Db, id: number, viewerId: number) {
  return escrowViewStatement(db, { groupId: id, userId: viewerId });
}
