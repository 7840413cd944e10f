import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { notify } from '#server/core/notify.ts';
import { bankAccounts, bankLinkSessions } from '#server/db/payments-schema.ts';
import { inTransaction, postgresError } from '#server/db/transaction.ts';
import { formatAmount } from '#shared/money.ts';
import type { BankDetails } from '#shared/schemas/payments.ts';
import { paymentProviderFor } from '../provider.ts';
import { assertUsable, ownSession } from './link-sessions.ts';
import { toBankAccountView } from './serialize.ts';
import { syncUserBankSummary } from './user-summary.ts';

const LIVE_FINGERPRINT_INDEX = 'bank_accounts_user_fingerprint_live_idx';

/**
 * POST /api/complete-bank-connection: asks the provider which account was linked in the session,
 * then stores it (last 4 and fingerprint only) and uses up the session, in one transaction.
 */
export async function completeBankLink(
  ctx: AppContext,
  user: SessionUser,
  input: { sessionId: string; account?: BankDetails },
  ip: string,
  userAgent = '',
) {
  const provider = paymentProviderFor(ctx.config.payments);
  const { db } = ctx.database;
  const session = await ownSession(db, user.id, input.sessionId);
  assertUsable(session, ctx.clock.now());

  let linked: Awaited<ReturnType<typeof provider.completeBankLink>>;
  try {
    linked = await provider.completeBankLink({
      providerRef: session.providerRef,
      userId: user.id,
      details: input.account,
      holder: { fullName: user.fullName, email: user.email, ipAddress: ip, userAgent },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'BANK_LINK_DECLINED') {
      await recordAudit(db, {
        action: 'bank_link_failed',
        actorUserId: user.id,
        subject: session.id,
        ip,
        details: { reason: error.code },
        at: ctx.clock.now(),
      });
    }
    throw error;
  }

  const now = ctx.clock.now();
  try {
    return await inTransaction(db, async (tx) => {
      // Locked and checked again: of two completions racing with one session, one links.
      assertUsable(await ownSession(tx, user.id, session.id, true), now);
      const [duplicate] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.userId, user.id),
            eq(bankAccounts.fingerprint, linked.fingerprint),
            ne(bankAccounts.status, 'removed'),
          ),
        );
      if (duplicate) throw new AppError('BANK_ACCOUNT_DUPLICATE');

      const deposits = linked.verification.method === 'micro_deposits' ? linked.verification : null;
      const [account] = await tx
        .insert(bankAccounts)
        .values({
          userId: user.id,
          provider: provider.info.name,
          providerRef: linked.providerRef,
          providerData: linked.providerData,
          bankName: linked.bankName,
          last4: linked.last4,
          fingerprint: linked.fingerprint,
          accountType: linked.accountType,
          status: deposits ? 'connected' : 'verified',
          microDeposit1Cents: deposits?.amountsCents?.[0] ?? null,
          microDeposit2Cents: deposits?.amountsCents?.[1] ?? null,
          microDepositsSentAt: deposits ? now : null,
          createdAt: now,
          verifiedAt: deposits ? null : now,
        })
        .returning();
      await tx
        .update(bankLinkSessions)
        .set({ status: 'completed', bankAccountId: account!.id, completedAt: now })
        .where(eq(bankLinkSessions.id, session.id));

      if (deposits?.statementForUser && deposits.amountsCents) {
        // No real bank exists to show the deposits on a statement, so the in-app bell does.
        await notify(tx, now, [user.id], 'bank_micro_deposits_sent', null, {
          bankAccountId: account!.id,
          bankName: account!.bankName,
          last4: account!.last4,
          amount1: formatAmount(deposits.amountsCents[0]),
          amount2: formatAmount(deposits.amountsCents[1]),
        });
      }
      await syncUserBankSummary(tx, user.id);
      await recordAudit(tx, {
        action: 'bank_account_linked',
        actorUserId: user.id,
        subject: String(account!.id),
        ip,
        details: {
          sessionId: session.id,
          provider: provider.info.name,
          bankName: account!.bankName,
          last4: account!.last4,
          accountType: account!.accountType,
        },
        at: now,
      });
      return {
        success: true as const,
        message: 'Bank Account Connected!',
        bankAccount: toBankAccountView(account!),
      };
    });
  } catch (error) {
    // Two sessions racing to link the same account: the partial unique index lets one through.
    const pg = postgresError(error);
    if (pg?.code === '23505' && pg.constraint === LIVE_FINGERPRINT_INDEX)
      throw new AppError('BANK_ACCOUNT_DUPLICATE');
    throw error;
  }
}
