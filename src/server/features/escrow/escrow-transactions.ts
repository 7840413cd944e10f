import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { contributions } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { accountKey } from '#server/ledger/accounts.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '#server/ledger/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { loadEscrow } from './escrow-cycle.ts';

type Row = {
  id: string;
  type: 'deposit' | 'withdrawal' | 'fee';
  amount: string;
  /** deposits: who paid (or "reserve"); withdrawals: who received. */
  counterparty: string | null;
  counterpartyKind: 'member' | 'reserve' | 'platform';
  timestamp: string;
  status: 'completed' | 'pending';
  transactionId: string;
};

/**
 * View Details: the escrow's money movements from the ledger (deposits by members and the reserve,
 * the release to the recipient and its fee), plus bank debits still on their way as pending deposits.
 */
export async function escrowTransactions(ctx: AppContext, user: SessionUser, escrowId: number) {
  const { db } = ctx.database;
  const { cycle } = await loadEscrow(db, escrowId, user.id);
  const key = accountKey({ kind: 'escrow', groupId: cycle.groupId, cycle: cycle.number });
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, key));
  const transfers = account
    ? await db
        .select({ transferId: ledgerEntries.transferId })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, account.id))
    : [];
  const ids = transfers.map((t) => t.transferId);
  const legs = ids.length
    ? await db
        .select({
          transferId: ledgerTransfers.id,
          kind: ledgerTransfers.kind,
          at: ledgerTransfers.createdAt,
          accountKind: ledgerAccounts.kind,
          accountId: ledgerAccounts.id,
          userName: users.fullName,
          amountCents: ledgerEntries.amountCents,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .leftJoin(users, eq(users.id, ledgerTransfers.userId))
        .where(inArray(ledgerEntries.transferId, ids))
        .orderBy(asc(ledgerTransfers.id), asc(ledgerEntries.id))
    : [];
  const rows: Row[] = [];
  for (const leg of legs) {
    const base = {
      timestamp: leg.at.toISOString(),
      status: 'completed' as const,
      transactionId: `T${leg.transferId}`,
    };
    if (leg.accountId === account?.id && leg.amountCents > 0)
      rows.push({
        ...base,
        id: `${leg.transferId}-in`,
        type: 'deposit',
        amount: formatAmount(leg.amountCents),
        counterparty: leg.kind === 'reserve_cover' ? null : leg.userName,
        counterpartyKind: leg.kind === 'reserve_cover' ? 'reserve' : 'member',
      });
    else if (leg.accountId !== account?.id && leg.amountCents > 0 && leg.kind === 'payout')
      rows.push({
        ...base,
        id: `${leg.transferId}-${leg.accountKind}`,
        type: leg.accountKind === 'fee_revenue' ? 'fee' : 'withdrawal',
        amount: formatAmount(leg.amountCents),
        counterparty: leg.accountKind === 'fee_revenue' ? null : leg.userName,
        counterpartyKind: leg.accountKind === 'fee_revenue' ? 'platform' : 'member',
      });
  }
  const pending = await db
    .select({ d: bankDebits, userName: users.fullName })
    .from(bankDebits)
    .innerJoin(contributions, eq(contributions.id, bankDebits.contributionId))
    .innerJoin(users, eq(users.id, bankDebits.userId))
    .where(
      and(
        eq(contributions.groupId, cycle.groupId),
        eq(contributions.cycle, cycle.number),
        inArray(bankDebits.status, ['requested', 'processing']),
      ),
    );
  for (const { d, userName } of pending)
    rows.push({
      id: `debit-${d.id}`,
      type: 'deposit',
      amount: formatAmount(d.amountCents),
      counterparty: userName,
      counterpartyKind: 'member',
      timestamp: d.createdAt.toISOString(),
      status: 'pending',
      transactionId: `D${d.id}`,
    });
  return { escrowId, cycleNumber: cycle.number, transactions: rows };
}
