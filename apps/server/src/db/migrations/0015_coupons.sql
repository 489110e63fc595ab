CREATE TABLE "coupon_stores" (
	"coupon_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "coupon_stores_coupon_id_store_id_pk" PRIMARY KEY("coupon_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"threshold_cents" integer DEFAULT 0 NOT NULL,
	"discount_rate" smallint DEFAULT 0 NOT NULL,
	"max_discount_cents" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"exchange_from" timestamp with time zone NOT NULL,
	"exchange_to" timestamp with time zone NOT NULL,
	"valid_days" smallint NOT NULL,
	"stock" integer NOT NULL,
	"exchanged_count" integer DEFAULT 0 NOT NULL,
	"per_member_limit" smallint DEFAULT 1 NOT NULL,
	"store_scope" varchar(8) DEFAULT 'all' NOT NULL,
	"sku_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_scheme_coupons" (
	"scheme_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"count" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "issue_scheme_coupons_scheme_id_coupon_id_pk" PRIMARY KEY("scheme_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "issue_scheme_stores" (
	"scheme_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "issue_scheme_stores_scheme_id_store_id_pk" PRIMARY KEY("scheme_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "issue_schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"channels" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"per_member_limit" smallint DEFAULT 1 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"audience" varchar(16) DEFAULT 'all' NOT NULL,
	"min_level" smallint DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"store_scope" varchar(8) DEFAULT 'all' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coupon_no" varchar(40) NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"scheme_id" integer,
	"channel" varchar(16) NOT NULL,
	"store_id" integer,
	"user_id" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'unused' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_stores" ADD CONSTRAINT "coupon_stores_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_stores" ADD CONSTRAINT "coupon_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_scheme_coupons" ADD CONSTRAINT "issue_scheme_coupons_scheme_id_issue_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."issue_schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_scheme_coupons" ADD CONSTRAINT "issue_scheme_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_scheme_stores" ADD CONSTRAINT "issue_scheme_stores_scheme_id_issue_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."issue_schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_scheme_stores" ADD CONSTRAINT "issue_scheme_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_schemes" ADD CONSTRAINT "issue_schemes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_scheme_id_issue_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."issue_schemes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_stores_store_idx" ON "coupon_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "coupons_window_idx" ON "coupons" USING btree ("enabled","exchange_to");--> statement-breakpoint
CREATE INDEX "issue_scheme_stores_store_idx" ON "issue_scheme_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_schemes_no_key" ON "issue_schemes" USING btree ("scheme_no");--> statement-breakpoint
CREATE INDEX "issue_schemes_window_idx" ON "issue_schemes" USING btree ("end_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupons_no_key" ON "member_coupons" USING btree ("coupon_no");--> statement-breakpoint
CREATE INDEX "member_coupons_store_idx" ON "member_coupons" USING btree ("store_id","created_at") WHERE "member_coupons"."source" = 'exchange';--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id","coupon_id");--> statement-breakpoint
CREATE INDEX "member_coupons_scheme_idx" ON "member_coupons" USING btree ("scheme_id","member_id");