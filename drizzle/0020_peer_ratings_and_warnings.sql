CREATE TABLE "member_warnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issued_by" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_warnings_not_self" CHECK ("member_warnings"."issued_by" is null or "member_warnings"."issued_by" <> "member_warnings"."user_id"),
	CONSTRAINT "member_warnings_reason_length" CHECK (char_length("member_warnings"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "peer_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "peer_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_ratings_group_rater_ratee_key" UNIQUE("group_id","rater_id","ratee_id"),
	CONSTRAINT "peer_ratings_not_self" CHECK ("peer_ratings"."rater_id" <> "peer_ratings"."ratee_id"),
	CONSTRAINT "peer_ratings_stars_range" CHECK ("peer_ratings"."stars" between 1 and 5),
	CONSTRAINT "peer_ratings_comment_length" CHECK (char_length("peer_ratings"."comment") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "member_warnings" ADD CONSTRAINT "member_warnings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warnings" ADD CONSTRAINT "member_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_warnings" ADD CONSTRAINT "member_warnings_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_warnings_group_user_idx" ON "member_warnings" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "peer_ratings_ratee_idx" ON "peer_ratings" USING btree ("ratee_id");