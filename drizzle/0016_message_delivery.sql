ALTER TABLE "outbox_messages" ADD COLUMN "send_key" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "job_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_send_key_idx" ON "outbox_messages" USING btree ("send_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_waiting_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."status" = 'queued' and "outbox_messages"."job_id" is null;--> statement-breakpoint
-- Messages that a carrier already took before delivery was tracked are not sent again.
UPDATE "outbox_messages" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;
