import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { startBankLink } from '#server/payments/bank-accounts/link-sessions.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * POST /api/stripe/enhanced-bank-verification: a bank-link session, exactly as Connect Bank Account
 * opens one, so the person links and verifies a bank through the same flow (sandbox: its connect
 * page and micro-deposits; Stripe: Financial Connections). The bank check follows their accounts.
 */
export async function startEnhancedBankVerification(ctx: AppContext, user: SessionUser, ip: string) {
  const session = await startBankLink(ctx, user, ip);
  await recordAudit(ctx.database.db, {
    action: 'enhanced_bank_verification_started',
    actorUserId: user.id,
    subject: session.sessionId,
    ip,
    at: ctx.clock.now(),
  });
  return {
    sessionId: session.sessionId,
    sessionSecret: session.clientSecret,
    url: session.hostedUrl,
    publishableKey: session.publishableKey,
  };
}
