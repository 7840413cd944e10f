CREATE TABLE "login_attempts" (
	"subject" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_code_expiry_idx" ON "outbox_messages" USING btree ("expires_at") WHERE "outbox_messages"."expires_at" is not null;--> statement-breakpoint
-- Texts and letters queued before this migration all carry a phone or address code (10 minutes, 30 days).
UPDATE "outbox_messages" SET "expires_at" = "created_at" + CASE "channel" WHEN 'sms' THEN interval '10 minutes' ELSE interval '30 days' END WHERE "channel" IN ('sms', 'mail');
