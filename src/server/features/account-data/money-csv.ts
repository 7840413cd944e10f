import { csvCell } from '#server/core/csv.ts';
import type { Db } from '#server/db/client.ts';
import { historyEntries } from '#server/features/history/history-entries.ts';
import { formatAmount, parseAmount } from '#shared/money.ts';

// Shared with the circle statement's CSV: one rule against formula injection.
const cell = csvCell;

/**
 * The money history as CSV, oldest first: the rows the history page shows, with signed amounts (paid
 * out of pocket is negative) and `net_after`, the running total received minus paid across circles.
 */
export async function moneyHistoryCsv(db: Db, userId: number): Promise<string> {
  const entries = (await historyEntries(db, userId, { type: 'all' })).reverse();
  let net = 0;
  const lines = ['date,circle,kind,cycle,amount,status,net_after'];
  for (const entry of entries) {
    const cents = parseAmount(entry.amount) ?? 0;
    // Penalties that are owed or waived moved no money yet.
    const moved =
      entry.type === 'payout' ? cents : entry.type === 'penalty' && entry.status !== 'paid' ? 0 : -cents;
    net += moved;
    const signed = entry.type === 'payout' ? entry.amount : `-${entry.amount}`;
    lines.push(
      [
        cell(entry.at),
        cell(entry.groupName, true),
        cell(entry.type),
        String(entry.cycle),
        cell(signed),
        cell(entry.status),
        cell(formatAmount(net)),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
