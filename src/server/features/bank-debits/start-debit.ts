import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/core/audit-log.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import type { Db } from '#server/db/client.ts';
import { contributions } from '#server/db/groups-schema.ts';
import type { Contribution } from '../groups/contributions.ts';

export type BankDebit = typeof bankDebits.$inferSelect;

/**
 * Phase one of a bank debit, inside the caller's transaction (which holds the group and
 * contribution locks): the debit row, and the contribution marked as processing so that nothing
 * else settles it meanwhile. The processor is called after commit (submit.ts).
 */
export async function startDebit(
  tx: Db,
  input: {
    contribution: Contribution;
    bankAccountId: number;
    source: 'manual' | 'autopay';
    attempt: number;
    requestKey: string | null;
    actorId: number | null;
    at: Date;
  },
): Promise<BankDebit> {
  const { contribution: c } = input;
  const [debit] = await tx
    .insert(bankDebits)
    .values({
      contributionId: c.id,
      groupId: c.groupId,
      userId: c.userId,
      bankAccountId: input.bankAccountId,
      amountCents: c.amountCents,
      source: input.source,
      attempt: input.attempt,
      requestKey: input.requestKey,
      createdAt: input.at,
    })
    .returning();
  await tx.update(contributions).set({ status: 'processing' }).where(eq(contributions.id, c.id));
  await recordAudit(tx, {
    action: 'bank_debit_started',
    actorUserId: input.actorId,
    subject: String(debit!.id),
    details: {
      contributionId: c.id,
      amountCents: c.amountCents,
      source: input.source,
      attempt: input.attempt,
    },
    at: input.at,
  });
  return debit!;
}
