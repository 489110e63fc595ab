CREATE TABLE "backups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"format" varchar(16) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"size_bytes" bigint,
	"sha256" varchar(64),
	"duration_ms" integer,
	"error" varchar(1000),
	"table_counts" jsonb,
	"created_by" integer,
	"created_by_name" varchar(64) DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"restore_status" varchar(16),
	"restore_report" jsonb,
	"restore_error" text,
	"restore_started_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	CONSTRAINT "backups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_running_idx" ON "backups" USING btree ((true)) WHERE "backups"."status" = 'running';