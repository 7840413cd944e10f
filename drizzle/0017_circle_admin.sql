ALTER TABLE "group_members" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "min_credit_score" integer DEFAULT 650 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "auto_reject_below_min_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "max_missed_payments" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "auto_remove_inactive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "peer_rating_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "emergency_fund_percentage" integer DEFAULT 0 NOT NULL;