CREATE TABLE "employee_purchase_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"staff_cents" integer NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_purchase_epcs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_purchase_epcs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"epc" varchar(32) NOT NULL,
	"store_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'in_stock' NOT NULL,
	"order_id" bigint
);
--> statement-breakpoint
CREATE TABLE "employee_purchase_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_purchase_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"epc_id" bigint NOT NULL,
	"sku_id" integer NOT NULL,
	"staff_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_purchase_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_purchase_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" varchar(40) NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"period" varchar(7),
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"handled_by_name" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"placed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "employee_purchase_prices" (
	"sku_id" integer PRIMARY KEY NOT NULL,
	"staff_cents" integer NOT NULL,
	CONSTRAINT "employee_purchase_prices_positive" CHECK ("employee_purchase_prices"."staff_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "employee_purchase_quotas" (
	"user_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"max_items" integer NOT NULL,
	"max_cents" integer NOT NULL,
	CONSTRAINT "employee_purchase_quotas_user_id_period_pk" PRIMARY KEY("user_id","period"),
	CONSTRAINT "employee_purchase_quotas_range" CHECK ("employee_purchase_quotas"."max_items" >= 0 and "employee_purchase_quotas"."max_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "employee_purchase_safe_stock" (
	"store_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"safe_quantity" integer NOT NULL,
	CONSTRAINT "employee_purchase_safe_stock_store_id_sku_id_pk" PRIMARY KEY("store_id","sku_id"),
	CONSTRAINT "employee_purchase_safe_stock_range" CHECK ("employee_purchase_safe_stock"."safe_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "employee_purchase_epcs" ADD CONSTRAINT "employee_purchase_epcs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_epcs" ADD CONSTRAINT "employee_purchase_epcs_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_lines" ADD CONSTRAINT "employee_purchase_lines_order_id_employee_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."employee_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_lines" ADD CONSTRAINT "employee_purchase_lines_epc_id_employee_purchase_epcs_id_fk" FOREIGN KEY ("epc_id") REFERENCES "public"."employee_purchase_epcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_lines" ADD CONSTRAINT "employee_purchase_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_orders" ADD CONSTRAINT "employee_purchase_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_orders" ADD CONSTRAINT "employee_purchase_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_prices" ADD CONSTRAINT "employee_purchase_prices_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_quotas" ADD CONSTRAINT "employee_purchase_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_safe_stock" ADD CONSTRAINT "employee_purchase_safe_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_purchase_safe_stock" ADD CONSTRAINT "employee_purchase_safe_stock_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_purchase_combinations_code_key" ON "employee_purchase_combinations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_purchase_epcs_epc_key" ON "employee_purchase_epcs" USING btree ("epc");--> statement-breakpoint
CREATE INDEX "employee_purchase_epcs_stock_idx" ON "employee_purchase_epcs" USING btree ("store_id","sku_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_purchase_lines_key" ON "employee_purchase_lines" USING btree ("order_id","epc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_purchase_orders_no_key" ON "employee_purchase_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_purchase_orders_draft_key" ON "employee_purchase_orders" USING btree ("store_id","user_id") WHERE "employee_purchase_orders"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "employee_purchase_orders_store_idx" ON "employee_purchase_orders" USING btree ("store_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "employee_purchase_orders_quota_idx" ON "employee_purchase_orders" USING btree ("user_id","period");