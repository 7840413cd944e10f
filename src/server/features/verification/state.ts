import { and, inArray, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { userVerifications } from '#server/db/verification-schema.ts';
import type { PostalAddress } from '#shared/schemas/verification.ts';
import type { VerificationCheck, VerificationStatus } from '#shared/verification.ts';

/** Where each of a person's four checks stands, and since when the verified ones are verified. */
export type VerificationState = {
  status: Record<VerificationCheck, VerificationStatus>;
  verifiedAt: Record<VerificationCheck, Date | null>;
  /** E.164; the number verified, or the one a code was last sent to. */
  phoneNumber: string | null;
  postalAddress: PostalAddress | null;
};

type BankRow = { userId: number; status: string; verifiedAt: Date | null };

/**
 * The bank check is the person's bank accounts (removed ones aside): any verified → verified (since
 * the first verification); one waiting for its micro-deposits → pending; only locked ones → failed.
 */
export function bankCheck(rows: BankRow[]): { status: VerificationStatus; verifiedAt: Date | null } {
  const verified = rows
    .filter((r) => r.status === 'verified')
    .map((r) => r.verifiedAt?.getTime() ?? 0)
    .sort((a, b) => a - b);
  if (verified.length > 0) return { status: 'verified', verifiedAt: new Date(verified[0]!) };
  if (rows.some((r) => r.status === 'connected')) return { status: 'pending', verifiedAt: null };
  if (rows.some((r) => r.status === 'verification_failed')) return { status: 'failed', verifiedAt: null };
  return { status: 'not_started', verifiedAt: null };
}

/** Every listed person's state; someone who never started anything is all not_started. */
export async function loadVerificationStates(
  db: Db,
  userIds: number[],
): Promise<Map<number, VerificationState>> {
  const states = new Map<number, VerificationState>();
  if (userIds.length === 0) return states;
  const [rows, banks] = await Promise.all([
    db.select().from(userVerifications).where(inArray(userVerifications.userId, userIds)),
    db
      .select({
        userId: bankAccounts.userId,
        status: bankAccounts.status,
        verifiedAt: bankAccounts.verifiedAt,
      })
      .from(bankAccounts)
      .where(and(inArray(bankAccounts.userId, userIds), ne(bankAccounts.status, 'removed'))),
  ]);
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  for (const userId of userIds) {
    const row = byUser.get(userId);
    const bank = bankCheck(banks.filter((b) => b.userId === userId));
    states.set(userId, {
      status: {
        identity: row?.identityStatus ?? 'not_started',
        bankAccount: bank.status,
        phone: row?.phoneStatus ?? 'not_started',
        address: row?.addressStatus ?? 'not_started',
      },
      verifiedAt: {
        identity: row?.identityVerifiedAt ?? null,
        bankAccount: bank.verifiedAt,
        phone: row?.phoneVerifiedAt ?? null,
        address: row?.addressVerifiedAt ?? null,
      },
      phoneNumber: row?.phoneNumber ?? null,
      postalAddress: (row?.address as PostalAddress | null | undefined) ?? null,
    });
  }
  return states;
}
