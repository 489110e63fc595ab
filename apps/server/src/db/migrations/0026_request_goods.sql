CREATE TABLE "stock_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"batch_no" varchar(32) DEFAULT '' NOT NULL,
	"ship_quantity" integer DEFAULT 0 NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"short_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_request_lines_quantity_check" CHECK ("stock_request_lines"."quantity" > 0),
	CONSTRAINT "stock_request_lines_ship_check" CHECK ("stock_request_lines"."ship_quantity" <= "stock_request_lines"."quantity"),
	CONSTRAINT "stock_request_lines_receipt_check" CHECK ("stock_request_lines"."received_quantity" + "stock_request_lines"."damaged_quantity" + "stock_request_lines"."short_quantity" <= "stock_request_lines"."ship_quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_no" varchar(32) NOT NULL,
	"store_id" integer NOT NULL,
	"warehouse_store_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"requested_by" integer NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"has_shortage" boolean DEFAULT false NOT NULL,
	"has_discrepancy" boolean DEFAULT false NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_warehouses" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_request_lines" ADD CONSTRAINT "stock_request_lines_request_id_stock_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."stock_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_request_lines" ADD CONSTRAINT "stock_request_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_warehouse_store_id_stores_id_fk" FOREIGN KEY ("warehouse_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_warehouses" ADD CONSTRAINT "stock_warehouses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_request_lines_request_idx" ON "stock_request_lines" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_requests_no_key" ON "stock_requests" USING btree ("request_no");--> statement-breakpoint
CREATE INDEX "stock_requests_store_idx" ON "stock_requests" USING btree ("store_id","id");