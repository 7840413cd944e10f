-- External accounts (the outside world: bank, cash, card, marketing) keep no cached balance
-- (decision 0053): every contribution, payout and withdrawal of every circle posts to one of the four,
-- and locking the row to update its balance made them all wait on each other. Their balance is the sum
-- of their entries, read when asked (ledger/balances.ts); the column stays 0.
UPDATE ledger_accounts SET balance_cents = 0 WHERE kind = 'external';
