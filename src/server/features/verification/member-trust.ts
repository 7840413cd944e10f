import type { Db } from '#server/db/client.ts';
import { verificationSummary } from './overall-score.ts';
import { loadPaymentRecords } from './payment-record.ts';
import { loadVerificationStates } from './state.ts';
import { trustScore } from './trust-score.ts';

export type MemberTrust = { trustScore: number; bankVerified: boolean; identityVerified: boolean };

/**
 * Each listed person's trust score (the one the Verification tab explains) and whether their bank
 * account and identity are verified: the public entry for other features (the Members tab), so the
 * score has one formula. A few queries whatever the number of people.
 */
export async function loadMemberTrust(
  db: Db,
  userIds: number[],
  now: Date,
): Promise<Map<number, MemberTrust>> {
  const [states, records] = await Promise.all([
    loadVerificationStates(db, userIds),
    loadPaymentRecords(db, userIds, now),
  ]);
  const result = new Map<number, MemberTrust>();
  for (const userId of userIds) {
    const state = states.get(userId)!;
    const summary = verificationSummary(state);
    result.set(userId, {
      trustScore: trustScore(records.get(userId)!, summary.overallScore).score,
      bankVerified: state.status.bankAccount === 'verified',
      identityVerified: state.status.identity === 'verified',
    });
  }
  return result;
}
