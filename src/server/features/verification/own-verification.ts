import type { AppContext } from '#server/app-context.ts';
import { maskPhoneNumber } from '#shared/phone.ts';
import type { OwnVerification } from '#shared/schemas/verification.ts';
import { verificationSummary } from './overall-score.ts';
import { loadVerificationStates, type VerificationState } from './state.ts';

/** The person's own view: the Verification entity, their masked number and the address they entered. */
export function ownView(state: VerificationState): OwnVerification {
  return {
    ...verificationSummary(state),
    phoneNumber: state.phoneNumber ? maskPhoneNumber(state.phoneNumber) : null,
    postalAddress: state.postalAddress,
  };
}

/** GET /api/verification. */
export async function ownVerification(ctx: AppContext, userId: number): Promise<OwnVerification> {
  const states = await loadVerificationStates(ctx.database.db, [userId]);
  return ownView(states.get(userId)!);
}
