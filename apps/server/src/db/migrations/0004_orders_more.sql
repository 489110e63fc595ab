CREATE TABLE "cancel_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cancel_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"check_no" varchar(40) NOT NULL,
	"performance_order_id" bigint NOT NULL,
	"store_id" integer NOT NULL,
	"reason" varchar(255) NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"decided_by_user_id" integer,
	"decision_remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" varchar(128) DEFAULT '' NOT NULL,
	"content" "bytea",
	"error" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "valet_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "valet_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"valet_order_no" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"address_id" integer,
	"delivery_type" varchar(16) NOT NULL,
	"items" jsonb NOT NULL,
	"trial" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"goods_cents" integer NOT NULL,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"pay_cents" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"status" varchar(24) DEFAULT 'pending_confirm' NOT NULL,
	"oms_order_no" varchar(40) DEFAULT '' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performance_orders" ADD COLUMN "deliverer_name" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "performance_orders" ADD COLUMN "deliverer_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cancel_checks" ADD CONSTRAINT "cancel_checks_performance_order_id_performance_orders_id_fk" FOREIGN KEY ("performance_order_id") REFERENCES "public"."performance_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_checks" ADD CONSTRAINT "cancel_checks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_checks" ADD CONSTRAINT "cancel_checks_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_checks" ADD CONSTRAINT "cancel_checks_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valet_orders" ADD CONSTRAINT "valet_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valet_orders" ADD CONSTRAINT "valet_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valet_orders" ADD CONSTRAINT "valet_orders_address_id_member_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."member_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valet_orders" ADD CONSTRAINT "valet_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_checks_no_key" ON "cancel_checks" USING btree ("check_no");--> statement-breakpoint
CREATE INDEX "cancel_checks_store_idx" ON "cancel_checks" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_checks_open_per_order_key" ON "cancel_checks" USING btree ("performance_order_id") WHERE "cancel_checks"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "export_jobs_store_idx" ON "export_jobs" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_pending_idx" ON "export_jobs" USING btree ("created_at") WHERE "export_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "valet_orders_no_key" ON "valet_orders" USING btree ("valet_order_no");--> statement-breakpoint
CREATE INDEX "valet_orders_store_idx" ON "valet_orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "valet_orders_creator_idx" ON "valet_orders" USING btree ("created_by_user_id");