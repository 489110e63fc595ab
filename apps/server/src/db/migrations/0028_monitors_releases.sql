CREATE TABLE "releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" varchar(32) NOT NULL,
	"commit" varchar(40) NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"published_by" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"host" varchar(255) NOT NULL,
	"pid" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"commit" varchar(40) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"metrics" jsonb,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "releases_published_idx" ON "releases" USING btree ("published_at");