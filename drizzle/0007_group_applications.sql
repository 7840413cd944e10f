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
ALTER TABLE "payouts" ADD COLUMN "delivery" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "delivery_method" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "delivery_reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "received_cents" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_note" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_applications_one_pending_idx" ON "group_applications" USING btree ("group_id","user_id") WHERE "group_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_applications_group_status_idx" ON "group_applications" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "group_applications_user_idx" ON "group_applications" USING btree ("user_id");