CREATE TABLE "approval_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"busi_type" smallint NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" varchar(32) NOT NULL,
	"store_id" integer NOT NULL,
	"other_store_id" integer,
	"requester_id" integer NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"head_office_only" boolean DEFAULT false NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"production_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_on_hand_check" CHECK ("stock_balances"."on_hand" >= 0),
	CONSTRAINT "stock_balances_reserved_check" CHECK ("stock_balances"."reserved" >= 0 and "stock_balances"."reserved" <= "stock_balances"."on_hand"),
	CONSTRAINT "stock_balances_in_transit_check" CHECK ("stock_balances"."in_transit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_doc_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_doc_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"doc_type" varchar(16) NOT NULL,
	"doc_id" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(24) DEFAULT '' NOT NULL,
	"to_status" varchar(24) NOT NULL,
	"user_id" integer,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"balance_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"on_hand_delta" integer DEFAULT 0 NOT NULL,
	"reserved_delta" integer DEFAULT 0 NOT NULL,
	"in_transit_delta" integer DEFAULT 0 NOT NULL,
	"reason" varchar(24) NOT NULL,
	"doc_type" varchar(16) NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" varchar(32) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"batch_no" varchar(32) DEFAULT '' NOT NULL,
	"ship_quantity" integer DEFAULT 0 NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"short_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_transfer_lines_quantity_check" CHECK ("stock_transfer_lines"."quantity" > 0),
	CONSTRAINT "stock_transfer_lines_receipt_check" CHECK ("stock_transfer_lines"."received_quantity" + "stock_transfer_lines"."damaged_quantity" + "stock_transfer_lines"."short_quantity" <= "stock_transfer_lines"."ship_quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_no" varchar(32) NOT NULL,
	"origin" varchar(12) NOT NULL,
	"to_store_id" integer NOT NULL,
	"from_store_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"requested_by" integer NOT NULL,
	"accepted_by" integer,
	"batch_confirmed_by" integer,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(200) DEFAULT '' NOT NULL,
	"has_discrepancy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_other_store_id_stores_id_fk" FOREIGN KEY ("other_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc_events" ADD CONSTRAINT "stock_doc_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_balance_id_stock_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."stock_balances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_store_id_stores_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_store_id_stores_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_batch_confirmed_by_users_id_fk" FOREIGN KEY ("batch_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_tasks_pending_key" ON "approval_tasks" USING btree ("busi_type","doc_id") WHERE "approval_tasks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_tasks_status_idx" ON "approval_tasks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_requester_idx" ON "approval_tasks" USING btree ("requester_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_key" ON "stock_balances" USING btree ("store_id","sku_id","batch_no");--> statement-breakpoint
CREATE INDEX "stock_balances_sku_idx" ON "stock_balances" USING btree ("sku_id","store_id");--> statement-breakpoint
CREATE INDEX "stock_doc_events_doc_idx" ON "stock_doc_events" USING btree ("doc_type","doc_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_balance_idx" ON "stock_movements" USING btree ("balance_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_doc_idx" ON "stock_movements" USING btree ("doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_transfer_idx" ON "stock_transfer_lines" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_no_key" ON "stock_transfers" USING btree ("transfer_no");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_store_id","id");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_store_id","id");