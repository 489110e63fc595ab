CREATE TABLE "stock_loan_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_loan_lines_quantity_check" CHECK ("stock_loan_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_no" varchar(32) NOT NULL,
	"borrower_store_id" integer NOT NULL,
	"lender_store_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"requested_by" integer NOT NULL,
	"due_date" date NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"close_reason" varchar(200) DEFAULT '' NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_loan_lines" ADD CONSTRAINT "stock_loan_lines_loan_id_stock_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."stock_loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_loan_lines" ADD CONSTRAINT "stock_loan_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_loans" ADD CONSTRAINT "stock_loans_borrower_store_id_stores_id_fk" FOREIGN KEY ("borrower_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_loans" ADD CONSTRAINT "stock_loans_lender_store_id_stores_id_fk" FOREIGN KEY ("lender_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_loans" ADD CONSTRAINT "stock_loans_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_loan_lines_loan_idx" ON "stock_loan_lines" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_loans_no_key" ON "stock_loans" USING btree ("loan_no");--> statement-breakpoint
CREATE INDEX "stock_loans_borrower_idx" ON "stock_loans" USING btree ("borrower_store_id","id");--> statement-breakpoint
CREATE INDEX "stock_loans_lender_idx" ON "stock_loans" USING btree ("lender_store_id","id");--> statement-breakpoint
CREATE INDEX "stock_loans_due_idx" ON "stock_loans" USING btree ("status","due_date");