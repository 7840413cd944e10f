import type { Db } from '#server/db/client.ts';
import { verificationSummary } from './overall-score.ts';
import { loadPaymentRecords } from './payment-record.ts';
import { loadVerificationStates } from './state.ts';
import { trustScore } from './trust-score.ts';

/**
 * Each listed person's trust score (0–100), the same number the Verification tab explains: other
 * features (group management's score, the Approvals tab's trust level) read it here, never recompute it.
 */
export async function trustScoresOf(db: Db, userIds: number[], now: Date): Promise<Map<number, number>> {
  const [states, records] = await Promise.all([
    loadVerificationStates(db, userIds),
    loadPaymentRecords(db, userIds, now),
  ]);
  return new Map(
    userIds.map((id) => [
      id,
      trustScore(records.get(id)!, verificationSummary(states.get(id)!).overallScore).score,
    ]),
  );
}
