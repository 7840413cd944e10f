CREATE TABLE "bank_debits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_debits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contribution_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"request_key" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bank_debits_positive" CHECK ("bank_debits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_payment_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_penalties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "default_penalties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"contribution_id" integer NOT NULL,
	"penalty_type" text NOT NULL,
	"penalty_amount_cents" bigint NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "default_penalties_contribution_key" UNIQUE("contribution_id")
);
--> statement-breakpoint
CREATE TABLE "escrow_disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escrow_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolution" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_safeguards" (
	"group_id" integer NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"configuration" jsonb NOT NULL,
	"modified_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_safeguards_group_id_type_pk" PRIMARY KEY("group_id","type")
);
--> statement-breakpoint
CREATE TABLE "pending_action_approvals" (
	"action_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_action_approvals_action_id_user_id_pk" PRIMARY KEY("action_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pending_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"type" text NOT NULL,
	"requested_by" integer,
	"payload" jsonb NOT NULL,
	"amount_cents" bigint,
	"required_approvals" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"blocked_by" text
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_identity_submissions" (
	"session_ref" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"outcome" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"identity_status" text DEFAULT 'not_started' NOT NULL,
	"identity_provider_ref" text,
	"identity_failure_reason" text,
	"identity_verified_at" timestamp with time zone,
	"phone_status" text DEFAULT 'not_started' NOT NULL,
	"phone_number" text,
	"phone_verified_at" timestamp with time zone,
	"address_status" text DEFAULT 'not_started' NOT NULL,
	"address" jsonb,
	"address_verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_reminders" DROP CONSTRAINT "payment_reminders_contribution_type_key";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "autopay_retries" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD COLUMN "sent_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "bank_debits" ADD CONSTRAINT "bank_debits_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_debits" ADD CONSTRAINT "bank_debits_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_debits" ADD CONSTRAINT "bank_debits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_debits" ADD CONSTRAINT "bank_debits_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_penalties" ADD CONSTRAINT "default_penalties_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_penalties" ADD CONSTRAINT "default_penalties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_penalties" ADD CONSTRAINT "default_penalties_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_penalties" ADD CONSTRAINT "default_penalties_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_disputes" ADD CONSTRAINT "escrow_disputes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_disputes" ADD CONSTRAINT "escrow_disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_disputes" ADD CONSTRAINT "escrow_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_safeguards" ADD CONSTRAINT "group_safeguards_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_safeguards" ADD CONSTRAINT "group_safeguards_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_action_approvals" ADD CONSTRAINT "pending_action_approvals_action_id_pending_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."pending_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_action_approvals" ADD CONSTRAINT "pending_action_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_actions" ADD CONSTRAINT "pending_actions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_actions" ADD CONSTRAINT "pending_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_identity_submissions" ADD CONSTRAINT "sandbox_identity_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_verifications" ADD CONSTRAINT "user_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_debits_one_in_flight_idx" ON "bank_debits" USING btree ("contribution_id") WHERE "bank_debits"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "bank_debits_one_success_idx" ON "bank_debits" USING btree ("contribution_id") WHERE "bank_debits"."status" = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "bank_debits_request_key_idx" ON "bank_debits" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "bank_debits_group_idx" ON "bank_debits" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "bank_debits_provider_ref_idx" ON "bank_debits" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "bank_debits_in_flight_idx" ON "bank_debits" USING btree ("status") WHERE "bank_debits"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_schedules_group_user_idx" ON "payment_schedules" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_schedules_bank_account_idx" ON "payment_schedules" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "default_penalties_group_idx" ON "default_penalties" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "escrow_disputes_group_cycle_idx" ON "escrow_disputes" USING btree ("group_id","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_disputes_one_open_per_member_idx" ON "escrow_disputes" USING btree ("group_id","cycle","opened_by") WHERE "escrow_disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "pending_actions_group_idx" ON "pending_actions" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "pending_actions_open_idx" ON "pending_actions" USING btree ("expires_at") WHERE "pending_actions"."status" = 'pending' or ("pending_actions"."status" = 'approved' and "pending_actions"."executed_at" is null);--> statement-breakpoint
CREATE UNIQUE INDEX "pending_actions_one_open_idx" ON "pending_actions" USING btree ("group_id","type",("payload" ->> 'subject')) WHERE "pending_actions"."status" = 'pending' or ("pending_actions"."status" = 'approved' and "pending_actions"."executed_at" is null);--> statement-breakpoint
CREATE INDEX "outbox_messages_user_idx" ON "outbox_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "verification_codes_user_channel_idx" ON "verification_codes" USING btree ("user_id","channel","created_at");--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_automatic_once_idx" ON "payment_reminders" USING btree ("contribution_id","reminder_type") WHERE "payment_reminders"."reminder_type" <> 'manual';--> statement-breakpoint
CREATE INDEX "payment_reminders_group_idx" ON "payment_reminders" USING btree ("group_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_request_key_idx" ON "withdrawals" USING btree ("user_id","request_key");