CREATE TABLE "auth_open_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"role_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"opened_by" integer,
	"batch_id" varchar(36),
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_error_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_error_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"store_code" varchar(32),
	"kind" varchar(16) NOT NULL,
	"message" varchar(1000) NOT NULL,
	"stack" varchar(8000) DEFAULT '' NOT NULL,
	"page_url" varchar(1000) DEFAULT '' NOT NULL,
	"user_agent" varchar(400) DEFAULT '' NOT NULL,
	"release" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_daily_metrics" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"metric" varchar(32) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_daily_metrics_store_id_metric_day_pk" PRIMARY KEY("store_id","metric","day")
);
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_open_records" ADD CONSTRAINT "auth_open_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_open_records" ADD CONSTRAINT "auth_open_records_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_open_records" ADD CONSTRAINT "auth_open_records_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_open_records" ADD CONSTRAINT "auth_open_records_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_daily_metrics" ADD CONSTRAINT "store_daily_metrics_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_open_records_user_idx" ON "auth_open_records" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_open_records_pending_key" ON "auth_open_records" USING btree ("user_id","store_id") WHERE "auth_open_records"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "client_error_reports_created_idx" ON "client_error_reports" USING btree ("created_at");