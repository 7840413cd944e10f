import { milestoneThresholds } from '#shared/schemas/dashboard.ts';

/** Each milestone with the moment the running total of paid contributions first reached it. */
export function milestonesFrom(payments: { amountCents: number; paidAt: Date }[]) {
  const sorted = [...payments].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  let total = 0;
  const reached = new Map<string, Date>();
  for (const payment of sorted) {
    total += payment.amountCents;
    for (const m of milestoneThresholds)
      if (total >= m.cents && !reached.has(m.id)) reached.set(m.id, payment.paidAt);
  }
  return milestoneThresholds.map((m) => ({
    id: m.id,
    amountCents: m.cents,
    achieved: reached.has(m.id),
    achievedDate: reached.get(m.id)?.toISOString() ?? null,
  }));
}
