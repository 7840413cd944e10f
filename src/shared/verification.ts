/**
 * Verification and trust, as both sides see them. Spec 001 §3 "Verification" and §5: verified
 * means an overall score of at least 80; trust levels at 80 (high) and 70 (medium).
 */
export const verificationStatuses = ['not_started', 'pending', 'verified', 'failed'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const verificationChecks = ['identity', 'bankAccount', 'phone', 'address'] as const;
export type VerificationCheck = (typeof verificationChecks)[number];

/**
 * Points each verified check adds to the overall score (0–100). Identity and bank weigh most: they
 * are what a circle needs to trust someone with its pool. Only these two with one of phone or
 * address reach 80, so "verified" always includes a checked identity and a checked bank account.
 */
export const VERIFICATION_WEIGHTS: Record<VerificationCheck, number> = {
  identity: 40,
  bankAccount: 30,
  phone: 15,
  address: 15,
};

/** Spec 001 §5: verified means an overall score of at least 80. */
export const VERIFIED_THRESHOLD = 80;

export const trustLevels = ['high', 'medium', 'low', 'unverified'] as const;
export type TrustLevel = (typeof trustLevels)[number];

/** Spec 001 §5: 80 and above high, 70 to 79 medium, below 70 low. */
export function levelOfScore(score: number): 'high' | 'medium' | 'low' {
  if (score >= 80) return 'high';
  if (score >= 70) return 'medium';
  return 'low';
}

/** The verification record's level: like a trust score's, but nothing verified at all is "unverified". */
export function verificationTrustLevel(overallScore: number): TrustLevel {
  return overallScore === 0 ? 'unverified' : levelOfScore(overallScore);
}

/** How long a texted code stays valid, and how many wrong tries use it up. */
export const PHONE_CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
/** Texts per person per hour: enough for a typo and a slow network, too few to pester anyone. */
export const PHONE_SENDS_PER_HOUR = 3;
/** A letter takes days to arrive, so its code lasts a month; three letters a week at most. */
export const LETTER_CODE_TTL_DAYS = 30;
export const LETTERS_PER_WEEK = 3;
