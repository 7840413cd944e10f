import type { TrustExplanation } from '#shared/schemas/verification.ts';
import { levelOfScore } from '#shared/verification.ts';

/** Contributions paid on time, paid late, and missed (unpaid past due date + grace), over all circles. */
export type PaymentRecord = { onTime: number; late: number; missed: number };

/**
 * The trust score, 0–100, and why. Payment record counts most (up to 60), verification the rest:
 *
 *   on time       60 × on-time rate, where on-time rate = paid on time ÷ (paid + missed);
 *                 with no paid or missed contribution yet, a neutral 30
 *   late          −2 per late payment, at most −10 (a late payment already lowers the rate;
 *                 this makes a habit of it cost more)
 *   missed        −5 per missed payment, at most −20
 *   verification  overall verification score × 40 ÷ 100 (identity 16, bank 12, phone 6, address 6)
 *
 * The sum is kept within 0–100. Points are rounded half up. Peer ratings are not part of it: members
 * cannot rate each other yet. Another on-time payment never lowers the score.
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

export function trustScore(record: PaymentRecord, overallScore: number): TrustExplanation {
  const paid = record.onTime + record.late;
  const counted = paid + record.missed;
  const onTimePoints =
    counted === 0 ? TRUST_POINTS.neutralOnTime : Math.round((TRUST_POINTS.onTime * record.onTime) / counted);
  // `0 - x`, not `-x`: a clean record shows 0, not −0.
  const latePoints = 0 - Math.min(record.late * TRUST_POINTS.perLate, TRUST_POINTS.lateCap);
  const missedPoints = 0 - Math.min(record.missed * TRUST_POINTS.perMissed, TRUST_POINTS.missedCap);
  const verificationPoints = Math.round((overallScore * TRUST_POINTS.verification) / 100);
  const sum = onTimePoints + latePoints + missedPoints + verificationPoints;
  const score = Math.min(100, Math.max(0, sum));
  return {
    score,
    level: levelOfScore(score),
    factors: [
      { key: 'on_time', points: onTimePoints, maxPoints: TRUST_POINTS.onTime },
      { key: 'late', points: latePoints, maxPoints: 0 },
      { key: 'missed', points: missedPoints, maxPoints: 0 },
      { key: 'verification', points: verificationPoints, maxPoints: TRUST_POINTS.verification },
    ],
    paymentRecord: {
      counted,
      onTime: record.onTime,
      late: record.late,
      missed: record.missed,
      onTimeRate: counted === 0 ? null : Math.round((100 * record.onTime) / counted),
    },
    peerRatings: 'not_included',
  };
}
