CREATE TABLE "request_metrics_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"count" integer NOT NULL,
	"total_ms" double precision NOT NULL,
	"slow_count" integer NOT NULL,
	CONSTRAINT "request_metrics_minutes_minute_instance_id_route_status_code_pk" PRIMARY KEY("minute","instance_id","route","status_code")
);
--> statement-breakpoint
CREATE TABLE "security_ip_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"ip" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_ip_minutes_minute_instance_id_ip_kind_pk" PRIMARY KEY("minute","instance_id","ip","kind")
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"heap_used_bytes" double precision NOT NULL,
	"heap_limit_bytes" double precision NOT NULL,
	"event_loop_delay_ms" double precision NOT NULL,
	"active_connections" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operator_source" text;--> statement-breakpoint
-- Operators so far were all named in OPERATOR_USERNAMES at sign-up.
UPDATE "users" SET "operator_source" = 'env' WHERE "is_operator";
