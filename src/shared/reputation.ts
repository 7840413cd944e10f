/** Spec 001 §5 star labels: 5 Excellent, 4 Good, 3 Average, 2 Poor, 1 Very Poor. */
export const starLabels = { 5: 'excellent', 4: 'good', 3: 'average', 2: 'poor', 1: 'very_poor' } as const;

export const reputationLevels = ['excellent', 'good', 'fair', 'poor', 'critical'] as const;
export type ReputationLevel = (typeof reputationLevels)[number];

/** Spec 001 §5: 90 and above Excellent, 80–89 Good, 70–79 Fair, 60–69 Poor, below 60 Critical. */
export function reputationLevelOf(score: number): ReputationLevel {
  if (score >= 90) return 'excellent';
  if (score >= 80) return 'good';
  if (score >= 70) return 'fair';
  if (score >= 60) return 'poor';
  return 'critical';
}

export const riskLevels = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof riskLevels)[number];

/** Spec 001 §5 risk label: under 25 Low, under 50 Medium, under 75 High, otherwise Critical. */
export function riskLevelOf(riskScore: number): RiskLevel {
  if (riskScore < 25) return 'low';
  if (riskScore < 50) return 'medium';
  if (riskScore < 75) return 'high';
  return 'critical';
}

/**
 * Reputation in a circle = the member's trust score (payments over all circles, verification and peer
 * ratings from every circle) minus `perWarning` points for each warning an admin of this circle gave
 * them, at most `warningCap`; kept within 0–100. Risk score = 100 − reputation.
 */
export const REPUTATION_POINTS = { perWarning: 5, warningCap: 30 } as const;

/**
 * Peer ratings in the trust score: each rating counts (stars − 3) points, so 3 stars ("Average") is
 * neutral, over at most `fullWeightAt` ratings; past that the average does, times `fullWeightAt`. In
 * one formula: (average − 3) × min(count, 5), between −10 and +10, rounded half up. No ratings: 0.
 */
export const PEER_RATING_POINTS = { neutralStars: 3, fullWeightAt: 5, max: 10 } as const;

export function peerRatingPoints(count: number, totalStars: number): number {
  if (count === 0) return 0;
  const { neutralStars, fullWeightAt } = PEER_RATING_POINTS;
  // 0 + …: no −0 when the average is exactly neutral.
  return 0 + Math.round(((totalStars - neutralStars * count) * Math.min(count, fullWeightAt)) / count);
}
