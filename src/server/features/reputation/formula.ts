import {
  REPUTATION_POINTS,
  type ReputationLevel,
  type RiskLevel,
  reputationLevelOf,
  riskLevelOf,
} from '#shared/reputation.ts';

export type Reputation = {
  score: number;
  /** Zero or negative: what this circle's warnings take off. */
  warningPoints: number;
  level: ReputationLevel;
  riskScore: number;
  riskLevel: RiskLevel;
};

/**
 * A member's reputation in one circle (shown with its parts on the Reputation tab):
 *
 *   reputation = trust score − 5 × warnings in this circle (at most −30), kept within 0–100
 *   risk score = 100 − reputation
 *
 * The trust score (verification/trust-score.ts) already weighs the payment record over every circle,
 * verification and peer ratings from every circle, so ratings count once, there. Monotone: another
 * on-time payment or a better rating raises the trust score or leaves it, and so the reputation;
 * only a warning (or a late or missed payment) lowers it.
 */
export function reputationOf(trustScore: number, warnings: number): Reputation {
  const warningPoints = 0 - Math.min(warnings * REPUTATION_POINTS.perWarning, REPUTATION_POINTS.warningCap);
  const score = Math.min(100, Math.max(0, trustScore + warningPoints));
  const riskScore = 100 - score;
  return {
    score,
    warningPoints,
    level: reputationLevelOf(score),
    riskScore,
    riskLevel: riskLevelOf(riskScore),
  };
}
