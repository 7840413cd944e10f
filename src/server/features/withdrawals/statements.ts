import { num } from '#server/db/sql-rows.ts';
import { statement } from '#server/db/statement.ts';
import type { BankAccountRow } from '#server/payments/bank-accounts/serialize.ts';
import type { Withdrawal } from './request.ts';

// The withdrawal request's statements inside its transactions, as SQL (issue 18: see db/statement.ts).

const COLUMNS = `id, user_id as "userId", method, amount_cents as "amountCents", fee_cents as "feeCents",
  status, bank_account_id as "bankAccountId", recipient_info as "recipientInfo", hold_id as "holdId",
  provider_ref as "providerRef", failure_code as "failureCode", failure_message as "failureMessage",
  request_key as "requestKey", created_at as "createdAt", submitted_at as "submittedAt",
  settled_at as "settledAt"`;

type Row = Omit<Withdrawal, 'amountCents' | 'feeCents' | 'holdId'> & {
  amountCents: unknown;
  feeCents: unknown;
  holdId: unknown;
};

const withdrawalOf = (row: Row): Withdrawal => ({
  ...row,
  amountCents: num(row.amountCents),
  feeCents: num(row.feeCents),
  holdId: row.holdId === null ? null : num(row.holdId),
});

const insert = statement<
  Row,
  [number, string, number, number, number | null, string | null, string | null, string]
>(
  'withdrawal_insert',
  `insert into withdrawals
     (user_id, method, amount_cents, fee_cents, bank_account_id, recipient_info, request_key, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8)
   on conflict (user_id, request_key) do nothing
   returning ${COLUMNS}`,
);

/** Records a requested withdrawal; undefined when one with the same Idempotency-Key already exists. */
export async function insertWithdrawal(
  tx: Parameters<typeof insert>[0],
  w: Pick<
    Withdrawal,
    | 'userId'
    | 'method'
    | 'amountCents'
    | 'feeCents'
    | 'bankAccountId'
    | 'recipientInfo'
    | 'requestKey'
    | 'createdAt'
  >,
): Promise<Withdrawal | undefined> {
  const [row] = await insert(
    tx,
    w.userId,
    w.method,
    w.amountCents,
    w.feeCents,
    w.bankAccountId,
    w.recipientInfo,
    w.requestKey,
    w.createdAt.toISOString(),
  );
  return row && withdrawalOf(row);
}

export const setHold = statement<never, [number, number]>(
  'withdrawal_set_hold',
  'update withdrawals set hold_id = $2 where id = $1',
);

const markProcessing = statement<Row, [number, string, string]>(
  'withdrawal_processing',
  `update withdrawals set status = 'processing', provider_ref = $2, submitted_at = $3 where id = $1
   returning ${COLUMNS}`,
);

/** The processor has it: the withdrawal becomes `processing` with the processor's reference. */
export async function markWithdrawalProcessing(
  tx: Parameters<typeof markProcessing>[0],
  id: number,
  providerRef: string,
  at: Date,
): Promise<Withdrawal> {
  const [row] = await markProcessing(tx, id, providerRef, at.toISOString());
  return withdrawalOf(row!);
}

/** The person's verified bank account `id`, or with null their oldest verified one. */
export const verifiedBankAccount = statement<BankAccountRow, [number, number | null]>(
  'withdrawal_bank_account',
  `select id, user_id as "userId", provider, provider_ref as "providerRef", provider_data as "providerData",
     bank_name as "bankName", last4, fingerprint, account_type as "accountType", status,
     micro_deposit_1_cents as "microDeposit1Cents", micro_deposit_2_cents as "microDeposit2Cents",
     micro_deposits_sent_at as "microDepositsSentAt", verification_attempts as "verificationAttempts",
     created_at as "createdAt", verified_at as "verifiedAt", removed_at as "removedAt"
   from bank_accounts
   where user_id = $1 and status = 'verified' and ($2::integer is null or id = $2::integer)
   order by id limit 1`,
);
