import {
  VERIFICATION_WEIGHTS,
  VERIFIED_THRESHOLD,
  verificationChecks,
  verificationTrustLevel,
} from '#shared/verification.ts';
import type { VerificationState } from './state.ts';

/**
 * Overall verification score, 0–100: the weights of the verified checks (src/shared/verification.ts:
 * identity 40, bank account 30, phone 15, address 15). Pending and failed checks add nothing.
 */
export function overallScore(state: VerificationState): number {
  return verificationChecks.reduce(
    (sum, check) => sum + (state.status[check] === 'verified' ? VERIFICATION_WEIGHTS[check] : 0),
    0,
  );
}

/** The moment the score first reached 80: adding the verified checks in the order they were verified. */
export function verificationDate(state: VerificationState): Date | null {
  const verified = verificationChecks
    .filter((check) => state.status[check] === 'verified')
    .map((check) => ({ weight: VERIFICATION_WEIGHTS[check], at: state.verifiedAt[check] ?? new Date(0) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let score = 0;
  for (const { weight, at } of verified) {
    score += weight;
    if (score >= VERIFIED_THRESHOLD) return at;
  }
  return null;
}

/** The spec's Verification entity: the four statuses, overall score, trust level, verification date. */
export function verificationSummary(state: VerificationState) {
  const score = overallScore(state);
  return {
    ...state.status,
    overallScore: score,
    trustLevel: verificationTrustLevel(score),
    verificationDate: verificationDate(state)?.toISOString() ?? null,
  };
}
