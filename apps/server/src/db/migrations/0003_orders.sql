CREATE TABLE "customer_intentions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_intentions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"oms_consultants_no" varchar(40) NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer,
	"customer_name" varchar(64) NOT NULL,
	"customer_phone" varchar(20) NOT NULL,
	"interest" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"follow_ups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycle_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cycle_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"performance_order_id" bigint NOT NULL,
	"period" smallint NOT NULL,
	"planned_date" date NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"tracking_no" varchar(40) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_companies" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"tracking_pattern" varchar(64) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"receiver_name" varchar(64) NOT NULL,
	"receiver_phone" varchar(20) NOT NULL,
	"province_code" varchar(12) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"county_code" varchar(12) NOT NULL,
	"region_name" varchar(96) NOT NULL,
	"detail" varchar(255) NOT NULL,
	"latitude" double precision DEFAULT 0 NOT NULL,
	"longitude" double precision DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"temporary" boolean DEFAULT false NOT NULL,
	"home_store_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oms_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oms_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"oms_order_id" bigint NOT NULL,
	"sku_code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"spec" varchar(64) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oms_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oms_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"oms_order_no" varchar(40) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"member_id" integer,
	"customer_name" varchar(64) NOT NULL,
	"customer_phone" varchar(20) NOT NULL,
	"delivery_type" varchar(16) NOT NULL,
	"receiver_name" varchar(64) NOT NULL,
	"receiver_phone" varchar(20) NOT NULL,
	"region_name" varchar(96) NOT NULL,
	"county_code" varchar(12) DEFAULT '' NOT NULL,
	"address_detail" varchar(255) NOT NULL,
	"latitude" double precision DEFAULT 0 NOT NULL,
	"longitude" double precision DEFAULT 0 NOT NULL,
	"goods_cents" integer NOT NULL,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"pay_cents" integer NOT NULL,
	"points_used" integer DEFAULT 0 NOT NULL,
	"buyer_remark" varchar(255) DEFAULT '' NOT NULL,
	"invoice_type" varchar(16) DEFAULT 'none' NOT NULL,
	"invoice_title" varchar(128) DEFAULT '' NOT NULL,
	"invoice_tax_no" varchar(32) DEFAULT '' NOT NULL,
	"source_order_no" varchar(40) DEFAULT '' NOT NULL,
	"placed_store_id" integer,
	"status" varchar(24) DEFAULT 'open' NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"oms_order_id" bigint NOT NULL,
	"performance_order_id" bigint,
	"action" varchar(32) NOT NULL,
	"from_status" varchar(24) DEFAULT '' NOT NULL,
	"to_status" varchar(24) DEFAULT '' NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(64) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "performance_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"performance_order_no" varchar(40) NOT NULL,
	"plan_id" bigint,
	"oms_order_id" bigint NOT NULL,
	"store_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'wait_ship' NOT NULL,
	"delivery_type" varchar(16) NOT NULL,
	"courier_code" varchar(16) DEFAULT '' NOT NULL,
	"courier_name" varchar(32) DEFAULT '' NOT NULL,
	"tracking_no" varchar(40) DEFAULT '' NOT NULL,
	"write_off_code" varchar(12) DEFAULT '' NOT NULL,
	"invoice_status" varchar(16) DEFAULT 'none' NOT NULL,
	"invoice_no" varchar(40) DEFAULT '' NOT NULL,
	"taken_by_user_id" integer,
	"taken_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_plan_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "performance_plan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"performance_plan_order_no" varchar(40) NOT NULL,
	"oms_order_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'offering' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"taken_store_id" integer,
	"taken_by_user_id" integer,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_candidates" (
	"plan_id" bigint NOT NULL,
	"store_id" integer NOT NULL,
	"distance_meters" integer NOT NULL,
	CONSTRAINT "plan_candidates_plan_id_store_id_pk" PRIMARY KEY("plan_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"spec" varchar(64) DEFAULT '' NOT NULL,
	"kind" varchar(16) NOT NULL,
	"price_cents" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"label_name" varchar(32) DEFAULT '' NOT NULL,
	"cycle_periods" smallint DEFAULT 0 NOT NULL,
	"cycle_interval_days" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_intentions" ADD CONSTRAINT "customer_intentions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_intentions" ADD CONSTRAINT "customer_intentions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_performance_order_id_performance_orders_id_fk" FOREIGN KEY ("performance_order_id") REFERENCES "public"."performance_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_home_store_id_stores_id_fk" FOREIGN KEY ("home_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oms_order_items" ADD CONSTRAINT "oms_order_items_oms_order_id_oms_orders_id_fk" FOREIGN KEY ("oms_order_id") REFERENCES "public"."oms_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oms_orders" ADD CONSTRAINT "oms_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oms_orders" ADD CONSTRAINT "oms_orders_placed_store_id_stores_id_fk" FOREIGN KEY ("placed_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_oms_order_id_oms_orders_id_fk" FOREIGN KEY ("oms_order_id") REFERENCES "public"."oms_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_orders" ADD CONSTRAINT "performance_orders_plan_id_performance_plan_orders_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."performance_plan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_orders" ADD CONSTRAINT "performance_orders_oms_order_id_oms_orders_id_fk" FOREIGN KEY ("oms_order_id") REFERENCES "public"."oms_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_orders" ADD CONSTRAINT "performance_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_orders" ADD CONSTRAINT "performance_orders_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_plan_orders" ADD CONSTRAINT "performance_plan_orders_oms_order_id_oms_orders_id_fk" FOREIGN KEY ("oms_order_id") REFERENCES "public"."oms_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_plan_orders" ADD CONSTRAINT "performance_plan_orders_taken_store_id_stores_id_fk" FOREIGN KEY ("taken_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_plan_orders" ADD CONSTRAINT "performance_plan_orders_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_candidates" ADD CONSTRAINT "plan_candidates_plan_id_performance_plan_orders_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."performance_plan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_candidates" ADD CONSTRAINT "plan_candidates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_intentions_no_key" ON "customer_intentions" USING btree ("oms_consultants_no");--> statement-breakpoint
CREATE INDEX "customer_intentions_store_idx" ON "customer_intentions" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_plans_order_period_key" ON "cycle_plans" USING btree ("performance_order_id","period");--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_member_no_key" ON "members" USING btree ("member_no");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_key" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "members_home_store_idx" ON "members" USING btree ("home_store_id");--> statement-breakpoint
CREATE INDEX "oms_order_items_order_idx" ON "oms_order_items" USING btree ("oms_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oms_orders_no_key" ON "oms_orders" USING btree ("oms_order_no");--> statement-breakpoint
CREATE INDEX "oms_orders_member_idx" ON "oms_orders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "oms_orders_source_idx" ON "oms_orders" USING btree ("source_order_no");--> statement-breakpoint
CREATE INDEX "order_logs_oms_idx" ON "order_logs" USING btree ("oms_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_orders_no_key" ON "performance_orders" USING btree ("performance_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_orders_plan_key" ON "performance_orders" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "performance_orders_oms_idx" ON "performance_orders" USING btree ("oms_order_id");--> statement-breakpoint
CREATE INDEX "performance_orders_store_taken_idx" ON "performance_orders" USING btree ("store_id","taken_at","id");--> statement-breakpoint
CREATE INDEX "performance_orders_store_status_taken_idx" ON "performance_orders" USING btree ("store_id","status","taken_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_plan_orders_no_key" ON "performance_plan_orders" USING btree ("performance_plan_order_no");--> statement-breakpoint
CREATE INDEX "performance_plan_orders_oms_idx" ON "performance_plan_orders" USING btree ("oms_order_id");--> statement-breakpoint
CREATE INDEX "performance_plan_orders_offering_idx" ON "performance_plan_orders" USING btree ("expires_at") WHERE "performance_plan_orders"."status" = 'offering';--> statement-breakpoint
CREATE INDEX "plan_candidates_store_idx" ON "plan_candidates" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_sku_code_key" ON "skus" USING btree ("sku_code");--> statement-breakpoint
CREATE INDEX "skus_kind_idx" ON "skus" USING btree ("kind");