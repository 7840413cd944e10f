import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { setupAutoPay } from '#server/features/autopay/setup.ts';
import { sendManualReminder } from '#server/features/payment-monitoring/enforce.ts';
import { updateSafeguard } from '#server/features/safeguards/update.ts';
import { completeBankLink } from '#server/payments/bank-accounts/complete-link.ts';
import { startBankLink } from '#server/payments/bank-accounts/link-sessions.ts';
import { verifyMicroDeposits } from '#server/payments/bank-accounts/verify.ts';
import { formatAmount } from '#shared/money.ts';

const DEMO_IP = '127.0.0.1';

/**
 * Links and verifies a bank account the way a person does on the sandbox's pages. Null when the
 * running processor links banks in the browser only (Stripe): the demo then has no bank accounts.
 */
async function linkVerifiedBank(ctx: AppContext, user: SessionUser, bankName: string, accountNumber: string) {
  try {
    const { sessionId } = await startBankLink(ctx, user, DEMO_IP);
    const account = { bankName, routingNumber: '110000000', accountNumber, accountType: 'checking' as const };
    const { bankAccount } = await completeBankLink(ctx, user, { sessionId, account }, DEMO_IP);
    const [row] = await ctx.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, bankAccount.id));
    const amounts = [row!.microDeposit1Cents!, row!.microDeposit2Cents!].map(formatAmount) as [
      string,
      string,
    ];
    await verifyMicroDeposits(ctx, user, bankAccount.id, amounts, DEMO_IP);
    return bankAccount.id;
  } catch {
    return null;
  }
}

/**
 * The money rails in the demo, through the same services: the demo user and Lucía pay the family
 * tanda by auto-pay from verified sandbox banks, the tanda keeps its pool in custody, the market
 * susu's admin caps withdrawals and asks for two signatures on every release, and the demo user has
 * already reminded Kwame, who is late.
 */
export async function seedMoneyRails(
  ctx: AppContext,
  who: (username: string) => SessionUser,
  circles: { tandaId: number; susuId: number },
) {
  const demo = who('demo');
  for (const [person, bank, account] of [
    [demo, 'Harbor Credit Union', '000123456789'],
    [who('lucia'), 'Banco Popular', '004455667788'],
  ] as const) {
    if ((await linkVerifiedBank(ctx, person, bank, account)) !== null)
      await setupAutoPay(ctx, person, circles.tandaId, person.id, undefined);
  }
  await updateSafeguard(ctx, demo, circles.tandaId, 'third_party_custody', { enabled: true });
  const kwame = who('kwame');
  await updateSafeguard(ctx, kwame, circles.susuId, 'multi_signature', {
    enabled: true,
    configuration: { requiredApprovals: 2 },
  });
  await updateSafeguard(ctx, kwame, circles.susuId, 'transaction_limits', {
    enabled: true,
    configuration: { perWithdrawalCents: 50_000, dailyCents: 100_000 },
  });
  await sendManualReminder(ctx, demo, circles.tandaId, kwame.id);
}
