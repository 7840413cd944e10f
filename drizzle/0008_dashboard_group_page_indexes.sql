DROP INDEX "ledger_entries_transfer_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_user_kind_at_idx";--> statement-breakpoint
CREATE INDEX "contributions_user_unpaid_idx" ON "contributions" USING btree ("user_id") WHERE "contributions"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "contributions_group_open_idx" ON "contributions" USING btree ("group_id") WHERE "contributions"."status" <> 'paid' or "contributions"."penalty_status" = 'owed';--> statement-breakpoint
CREATE INDEX "contributions_group_paid_at_idx" ON "contributions" USING btree ("group_id","paid_at") WHERE "contributions"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id","account_id","amount_cents");--> statement-breakpoint
CREATE INDEX "ledger_transfers_user_kind_at_idx" ON "ledger_transfers" USING btree ("user_id","kind","created_at","id");