CREATE TABLE "job_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_name" varchar(64) NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"instance_id" varchar(64) NOT NULL,
	"status" varchar(8) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"cron" varchar(64),
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" varchar(64) NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(500) NOT NULL,
	"status" smallint NOT NULL,
	"message" varchar(1000) NOT NULL,
	"stack" varchar(8000) DEFAULT '' NOT NULL,
	"user_id" integer,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "store_code" varchar(32);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "result" varchar(8) DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_name","started_at");--> statement-breakpoint
CREATE INDEX "job_runs_running_idx" ON "job_runs" USING btree ("heartbeat_at") WHERE "job_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "server_errors_created_idx" ON "server_errors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");