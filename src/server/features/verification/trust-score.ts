import { PEER_RATING_POINTS, peerRatingPoints } from '#shared/reputation.ts';
import type { TrustExplanation } from '#shared/schemas/verification.ts';
import { levelOfScore } from '#shared/verification.ts';

/** Contributions paid on time, paid late, and missed (unpaid past due date + grace), over all circles. */
export type PaymentRecord = { onTime: number; late: number; missed: number };

/** The person's peer ratings over every circle: how many, and their stars added up. */
export type PeerRatingTotals = { count: number; totalStars: number };
export const NO_RATINGS: PeerRatingTotals = { count: 0, totalStars: 0 };

/**
 * The trust score, 0–100, and why. Payment record counts most (up to 60), verification the rest:
 *
 *   on time       60 × on-time rate, where on-time rate = paid on time ÷ (paid + missed);
 *                 with no paid or missed contribution yet, a neutral 30
 *   late          −2 per late payment, at most −10 (a late payment already lowers the rate;
 *                 this makes a habit of it cost more)
 *   missed        −5 per missed payment, at most −20
 *   verification  overall verification score × 40 ÷ 100 (identity 16, bank 12, phone 6, address 6)
 *   peer ratings  (average stars − 3) × min(number of ratings, 5), from −10 to +10: each rating
 *                 counts (stars − 3) up to five ratings, then the average carries the weight of five;
 *                 3 stars ("Average") and no ratings at all count 0 (shared/reputation.ts)
 *
 * The sum is kept within 0–100. Points are rounded half up. Another on-time payment, or a rating
 * changed to more stars, never lowers the score.
 */
export const TRUST_POINTS = {
  onTime: 60,
  neutralOnTime: 30,
  perLate: 2,
  lateCap: 10,
  perMissed: 5,
  missedCap: 20,
  verification: 40,
} as const;

export function trustScore(
  record: PaymentRecord,
  overallScore: number,
  ratings: PeerRatingTotals,
): TrustExplanation {
  const paid = record.onTime + record.late;
  const counted = paid + record.missed;
  const onTimePoints =
    counted === 0 ? TRUST_POINTS.neutralOnTime : Math.round((TRUST_POINTS.onTime * record.onTime) / counted);
  // `0 - x`, not `-x`: a clean record shows 0, not −0.
  const latePoints = 0 - Math.min(record.late * TRUST_POINTS.perLate, TRUST_POINTS.lateCap);
  const missedPoints = 0 - Math.min(record.missed * TRUST_POINTS.perMissed, TRUST_POINTS.missedCap);
  const verificationPoints = Math.round((overallScore * TRUST_POINTS.verification) / 100);
  const ratingPoints = peerRatingPoints(ratings.count, ratings.totalStars);
  const sum = onTimePoints + latePoints + missedPoints + verificationPoints + ratingPoints;
  const score = Math.min(100, Math.max(0, sum));
  return {
    score,
    level: levelOfScore(score),
    factors: [
      { key: 'on_time', points: onTimePoints, maxPoints: TRUST_POINTS.onTime },
      { key: 'late', points: latePoints, maxPoints: 0 },
      { key: 'missed', points: missedPoints, maxPoints: 0 },
      { key: 'verification', points: verificationPoints, maxPoints: TRUST_POINTS.verification },
      { key: 'peer_ratings', points: ratingPoints, maxPoints: PEER_RATING_POINTS.max },
    ],
    paymentRecord: {
      counted,
      onTime: record.onTime,
      late: record.late,
      missed: record.missed,
      onTimeRate: counted === 0 ? null : Math.round((100 * record.onTime) / counted),
    },
    peerRatings: {
      count: ratings.count,
      average: ratings.count === 0 ? null : Math.round((10 * ratings.totalStars) / ratings.count) / 10,
    },
  };
}
