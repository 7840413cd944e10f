import { randomBytes } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import {
  auditLog,
  bankAccounts,
  calendarFeeds,
  emailOutbox,
  emailVerificationTokens,
  groupApplications,
  groupInvitations,
  loginAttempts,
  memberWarnings,
  newsletterSignups,
  notifications,
  outboxMessages,
  passwordResetTokens,
  paymentSchedules,
  reportDeliveries,
  reportSchedules,
  sandboxIdentitySubmissions,
  savingsGoals,
  sessions,
  users,
  userVerifications,
  verificationCodes,
  withdrawals,
} from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import type { DeletionBlockReason } from '#shared/schemas/account-data.ts';
import { deletionBlocks } from './deletion-blocks.ts';
import { scrubCopiedNames } from './scrub-names.ts';

/** The name a deleted member shows under in circles and chats; the web words it in each language. */
export const DELETED_MEMBER_NAME = 'Deleted member';

export type DeletionResult = { deleted: true } | { deleted: false; reasons: DeletionBlockReason[] };

/**
 * Deletes an account as decision 0028 describes: in one transaction, refused (changing nothing) while
 * any reason in deletion-blocks.ts holds. Personal data is erased or replaced; ledger entries,
 * contributions, payouts and circle memberships stay, pointing at the anonymised user row.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  password: string,
  context: { now: Date },
): Promise<DeletionResult> {
  const [stored] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(stored?.hash ?? null, password))) throw new AppError('CURRENT_PASSWORD_WRONG');

  return inTransaction(db, async (tx) => {
    // The row lock orders this against anything else that changes the user (sign-in, profile edits).
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('UNAUTHORIZED');
    const reasons = await deletionBlocks(tx, userId);
    if (reasons.length > 0) return { deleted: false as const, reasons };

    const oldUsername = user.username.toLowerCase();
    const placeholder = await freePlaceholder(tx, userId);
    const oldEmail = user.email.toLowerCase();
    await tx
      .update(users)
      .set({
        username: placeholder,
        // .invalid never resolves (RFC 2606): no mail can reach it, and the id keeps it unique.
        email: `${placeholder}@deleted.invalid`,
        fullName: DELETED_MEMBER_NAME,
        // Not an argon2 hash, so no password ever verifies against it.
        passwordHash: `!deleted:${randomBytes(16).toString('hex')}`,
        stripeCustomerId: null,
        bankAccountId: null,
        bankAccountLast4: null,
        bankAccountVerified: false,
        emailVerifiedAt: null,
        isOperator: false,
        operatorSource: null,
        language: 'en',
        timeZone: 'UTC',
        notificationPreferences: {},
      })
      .where(eq(users.id, userId));
    await scrubCopiedNames(tx, userId, user.fullName, DELETED_MEMBER_NAME);

    for (const table of [
      sessions,
      passwordResetTokens,
      emailVerificationTokens,
      calendarFeeds,
      notifications,
      savingsGoals,
      // A deleted account gets no more scheduled statements.
      reportSchedules,
      reportDeliveries,
      userVerifications,
      verificationCodes,
      outboxMessages,
      sandboxIdentitySubmissions,
      // Warnings are about the person; the ratings they wrote stay, like their chat messages.
      memberWarnings,
    ])
      await tx.delete(table).where(eq(table.userId, userId));
    await tx
      .delete(emailOutbox)
      .where(or(eq(emailOutbox.userId, userId), sql`lower(${emailOutbox.toAddress}) = ${oldEmail}`));
    await tx.delete(newsletterSignups).where(sql`lower(${newsletterSignups.email}) = ${oldEmail}`);
    // Invitations name the address they went to: the circles keep no trace of it.
    await tx.delete(groupInvitations).where(sql`lower(${groupInvitations.email}) = ${oldEmail}`);
    await tx.delete(loginAttempts).where(eq(loginAttempts.subject, oldUsername));
    // Audit records stay (who did what, by id); the username or address they were about goes.
    await tx
      .update(auditLog)
      .set({ subject: null })
      .where(sql`lower(${auditLog.subject}) in (${oldUsername}, ${oldEmail})`);

    // Bank accounts stay as rows (withdrawals and debits point at them) with nothing that names the account.
    await tx
      .update(bankAccounts)
      .set({
        bankName: '',
        last4: '',
        fingerprint: sql`'deleted-' || ${bankAccounts.id}`,
        providerRef: sql`'deleted-' || ${bankAccounts.id}`,
        providerData: {},
        status: 'removed',
        microDeposit1Cents: null,
        microDeposit2Cents: null,
        removedAt: sql`coalesce(${bankAccounts.removedAt}, ${context.now.toISOString()}::timestamptz)`,
      })
      .where(eq(bankAccounts.userId, userId));
    await tx.update(paymentSchedules).set({ status: 'inactive' }).where(eq(paymentSchedules.userId, userId));
    await tx.update(withdrawals).set({ recipientInfo: null }).where(eq(withdrawals.userId, userId));
    // The circle's decision stays on record; what the applicant told it about themselves goes.
    await tx
      .update(groupApplications)
      .set({ reason: '-', monthlyIncomeCents: null, creditScore: null, referredBy: null })
      .where(eq(groupApplications.userId, userId));

    // No IP, name or address: the id alone says which (now anonymous) account it was.
    await recordAudit(tx, { action: 'account_deleted', actorUserId: userId, at: context.now });
    return { deleted: true as const };
  });
}

/**
 * `deleted-<id>`, unless someone signed up with that very username or address (sign-up allows the
 * shape): then a random suffix, so the unique indexes never turn a deletion into an error.
 */
async function freePlaceholder(tx: Db, userId: number): Promise<string> {
  const plain = `deleted-${userId}`;
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(
          sql`lower(${users.username}) = ${plain}`,
          sql`lower(${users.email}) = ${`${plain}@deleted.invalid`}`,
        ),
      ),
    );
  return taken ? `${plain}-${randomBytes(4).toString('hex')}` : plain;
}
