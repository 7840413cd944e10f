/** A stored timestamp as the reply carries it: its ISO string (what `JSON.stringify` wrote before). */
const instant = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

/**
 * A contribution row as the contribution routes answer it, its timestamps as ISO strings, so the
 * reply contract (and the web's type inferred from it) says string where the JSON has one.
 */
export function contributionReply<
  Row extends { paidAt: Date | null; reportedAt: Date | null; createdAt: Date },
>(row: Row) {
  return {
    ...row,
    paidAt: instant(row.paidAt),
    reportedAt: instant(row.reportedAt),
    createdAt: instant(row.createdAt) as string,
  };
}
