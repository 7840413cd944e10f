import type { GroupDetail } from '#web/lib/group-detail.ts';

export type ActivityItem =
  | { kind: 'joined'; at: string; name: string; key: string }
  | { kind: 'paid'; at: string; name: string; key: string; cycle: number; amount: string; late: boolean }
  | { kind: 'payout'; at: string; name: string; key: string; cycle: number; amount: string; offApp: boolean };

/** The group's recent events, newest first, computed from the detail reply alone. */
export function recentActivity(detail: GroupDetail, limit = 10): ActivityItem[] {
  const items: ActivityItem[] = [
    ...detail.members.map((m) => ({
      kind: 'joined' as const,
      at: m.joinedAt,
      name: m.user.fullName,
      key: `joined-${m.id}`,
    })),
    ...detail.contributions
      .filter((c) => c.status === 'paid' && c.paidAt)
      .map((c) => ({
        kind: 'paid' as const,
        at: c.paidAt!,
        name: c.userName,
        key: `paid-${c.id}`,
        cycle: c.cycle,
        amount: c.amount,
        late: c.late,
      })),
    ...detail.cycles
      .filter((c) => c.actualDate)
      .map((c) => ({
        kind: 'payout' as const,
        at: c.actualDate!,
        name: c.recipientName,
        key: `payout-${c.cycleNumber}`,
        cycle: c.cycleNumber,
        amount: c.payoutAmount,
        offApp: c.payout?.delivery === 'off_app',
      })),
  ];
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
}
