CREATE TABLE "member_debts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_debts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "member_debts_amounts" CHECK ("member_debts"."amount_cents" > 0 and "member_debts"."paid_cents" between 0 and "member_debts"."amount_cents"),
	CONSTRAINT "member_debts_settled" CHECK (("member_debts"."settled_at" is null) = ("member_debts"."paid_cents" < "member_debts"."amount_cents"))
);
--> statement-breakpoint
ALTER TABLE "member_debts" ADD CONSTRAINT "member_debts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_debts" ADD CONSTRAINT "member_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_debts_user_idx" ON "member_debts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_debts_group_open_idx" ON "member_debts" USING btree ("group_id") WHERE "member_debts"."settled_at" is null;