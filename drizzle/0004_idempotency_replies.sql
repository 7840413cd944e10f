ALTER TABLE "idempotency_keys" ALTER COLUMN "response" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text NOT NULL;