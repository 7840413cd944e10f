import type { Db } from '#server/db/client.ts';
import type { TrustExplanation } from '#shared/schemas/verification.ts';
import { verificationSummary } from './overall-score.ts';
import { loadPaymentRecords } from './payment-record.ts';
import { loadPeerRatingTotals } from './peer-rating-totals.ts';
import { loadVerificationStates } from './state.ts';
import { type PaymentRecord, trustScore } from './trust-score.ts';

/**
 * The public entry of verification for other features: trust scores (trust-score.ts) of many people
 * at once, in a fixed number of queries, and payment records, also of one circle only. One formula
 * for the Verification tab, the Members tab, group management, the Approvals and Reputation tabs.
 */
export type { PaymentRecord };
export { loadPaymentRecords };

export type MemberTrust = {
  explanation: TrustExplanation;
  trustScore: number;
  bankVerified: boolean;
  identityVerified: boolean;
};

/** Each listed person's trust score with why, and whether their bank account and identity are verified. */
export async function loadMemberTrust(
  db: Db,
  userIds: number[],
  now: Date,
): Promise<Map<number, MemberTrust>> {
  const [states, records, ratings] = await Promise.all([
    loadVerificationStates(db, userIds),
    loadPaymentRecords(db, userIds, now),
    loadPeerRatingTotals(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => {
      const state = states.get(id)!;
      const explanation = trustScore(
        records.get(id)!,
        verificationSummary(state).overallScore,
        ratings.get(id)!,
      );
      return [
        id,
        {
          explanation,
          trustScore: explanation.score,
          bankVerified: state.status.bankAccount === 'verified',
          identityVerified: state.status.identity === 'verified',
        },
      ];
    }),
  );
}

export async function loadTrustScores(
  db: Db,
  userIds: number[],
  now: Date,
): Promise<Map<number, TrustExplanation>> {
  const trust = await loadMemberTrust(db, userIds, now);
  return new Map([...trust].map(([id, t]) => [id, t.explanation]));
}
