ALTER TABLE "users" ADD COLUMN "operator_source" text;--> statement-breakpoint
-- Operators so far were all named in OPERATOR_USERNAMES at sign-up.
UPDATE "users" SET "operator_source" = 'env' WHERE "is_operator";
