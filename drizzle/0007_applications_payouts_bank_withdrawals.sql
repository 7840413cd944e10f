CREATE TABLE "ledger_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"memo" text,
	"transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_positive" CHECK ("ledger_holds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"monthly_income_cents" bigint,
	"credit_score" integer,
	"referred_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_applications_reason_length" CHECK (char_length("group_applications"."reason") between 1 and 500),
	CONSTRAINT "group_applications_credit_score_range" CHECK ("group_applications"."credit_score" is null or "group_applications"."credit_score" between 300 and 850),
	CONSTRAINT "group_applications_income_non_negative" CHECK ("group_applications"."monthly_income_cents" is null or "group_applications"."monthly_income_cents" >= 0),
	CONSTRAINT "group_applications_referred_by_length" CHECK (char_length("group_applications"."referred_by") <= 100)
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bank_name" text NOT NULL,
	"last4" text NOT NULL,
	"fingerprint" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"micro_deposit_1_cents" integer,
	"micro_deposit_2_cents" integer,
	"micro_deposits_sent_at" timestamp with time zone,
	"verification_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_link_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bank_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"bank_account_id" integer,
	"recipient_info" text,
	"hold_id" bigint,
	"provider_ref" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "delivery" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "delivery_method" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "delivery_reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "received_cents" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_note" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_sessions" ADD CONSTRAINT "bank_link_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_sessions" ADD CONSTRAINT "bank_link_sessions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_idempotency_key_idx" ON "ledger_holds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_holds_pending_idx" ON "ledger_holds" USING btree ("account_id") WHERE "ledger_holds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "group_applications_one_pending_idx" ON "group_applications" USING btree ("group_id","user_id") WHERE "group_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_applications_group_status_idx" ON "group_applications" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "group_applications_user_idx" ON "group_applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_fingerprint_live_idx" ON "bank_accounts" USING btree ("user_id","fingerprint") WHERE "bank_accounts"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bank_link_sessions_user_idx" ON "bank_link_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_provider_ref_idx" ON "withdrawals" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");