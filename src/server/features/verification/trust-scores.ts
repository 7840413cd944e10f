import type { Db } from '#server/db/client.ts';
import type { TrustExplanation } from '#shared/schemas/verification.ts';
import { verificationSummary } from './overall-score.ts';
import { loadPaymentRecords } from './payment-record.ts';
import { loadPeerRatingTotals } from './peer-rating-totals.ts';
import { loadVerificationStates } from './state.ts';
import { type PaymentRecord, trustScore } from './trust-score.ts';

/**
 * The public entry of verification for other features: trust scores (trust-score.ts) of many people
 * at once, in a fixed number of queries, and payment records, also of one circle only.
 */
export type { PaymentRecord };
export { loadPaymentRecords };

export async function loadTrustScores(
  db: Db,
  userIds: number[],
  now: Date,
): Promise<Map<number, TrustExplanation>> {
  const [states, records, ratings] = await Promise.all([
    loadVerificationStates(db, userIds),
    loadPaymentRecords(db, userIds, now),
    loadPeerRatingTotals(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => [
      id,
      trustScore(records.get(id)!, verificationSummary(states.get(id)!).overallScore, ratings.get(id)!),
    ]),
  );
}
