CREATE TABLE "tea_tree_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"season" varchar(32) NOT NULL,
	"garden" varchar(64) NOT NULL,
	"tree_count" integer NOT NULL,
	"adopted_count" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"benefits" varchar(255) DEFAULT '' NOT NULL,
	"sign_up_start" timestamp with time zone NOT NULL,
	"sign_up_end" timestamp with time zone NOT NULL,
	"deliveries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tea_tree_activities_adopted_check" CHECK ("tea_tree_activities"."adopted_count" between 0 and "tea_tree_activities"."tree_count")
);
--> statement-breakpoint
CREATE TABLE "tea_tree_adoptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tea_tree_adoptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adoption_no" varchar(40) NOT NULL,
	"activity_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_level" smallint NOT NULL,
	"trees" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"goods_cents" integer NOT NULL,
	"discount_percent" smallint NOT NULL,
	"discount_cents" integer NOT NULL,
	"pay_cents" integer NOT NULL,
	"performance_order_id" bigint NOT NULL,
	"clerk_user_id" integer,
	"clerk_name" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"confirmed_by" varchar(16) NOT NULL,
	"last_delivery_date" date NOT NULL,
	"adopted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tea_tree_level_discounts" (
	"level" smallint PRIMARY KEY NOT NULL,
	"discount_percent" smallint NOT NULL,
	CONSTRAINT "tea_tree_level_discounts_range" CHECK ("tea_tree_level_discounts"."discount_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "marketing_event_reminders" (
	"event_key" varchar(64) NOT NULL,
	"store_id" integer NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_event_reminders_event_key_store_id_pk" PRIMARY KEY("event_key","store_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_event_stores" (
	"event_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "marketing_event_stores_event_id_store_id_pk" PRIMARY KEY("event_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(40) NOT NULL,
	"type" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"color" varchar(7) NOT NULL,
	"all_stores" boolean DEFAULT false NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tea_tree_adoptions" ADD CONSTRAINT "tea_tree_adoptions_activity_id_tea_tree_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."tea_tree_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_tree_adoptions" ADD CONSTRAINT "tea_tree_adoptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_tree_adoptions" ADD CONSTRAINT "tea_tree_adoptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_tree_adoptions" ADD CONSTRAINT "tea_tree_adoptions_performance_order_id_performance_orders_id_fk" FOREIGN KEY ("performance_order_id") REFERENCES "public"."performance_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tea_tree_adoptions" ADD CONSTRAINT "tea_tree_adoptions_clerk_user_id_users_id_fk" FOREIGN KEY ("clerk_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_event_reminders" ADD CONSTRAINT "marketing_event_reminders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_event_stores" ADD CONSTRAINT "marketing_event_stores_event_id_marketing_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."marketing_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_event_stores" ADD CONSTRAINT "marketing_event_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_events" ADD CONSTRAINT "marketing_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tea_tree_activities_no_key" ON "tea_tree_activities" USING btree ("activity_no");--> statement-breakpoint
CREATE INDEX "tea_tree_activities_window_idx" ON "tea_tree_activities" USING btree ("sign_up_end","sign_up_start");--> statement-breakpoint
CREATE UNIQUE INDEX "tea_tree_adoptions_no_key" ON "tea_tree_adoptions" USING btree ("adoption_no");--> statement-breakpoint
CREATE INDEX "tea_tree_adoptions_store_idx" ON "tea_tree_adoptions" USING btree ("store_id","adopted_at","id");--> statement-breakpoint
CREATE INDEX "tea_tree_adoptions_activity_idx" ON "tea_tree_adoptions" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "tea_tree_adoptions_member_idx" ON "tea_tree_adoptions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "marketing_event_stores_store_idx" ON "marketing_event_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "marketing_events_days_idx" ON "marketing_events" USING btree ("start_date","end_date");