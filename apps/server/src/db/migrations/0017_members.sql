CREATE TABLE "member_equities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_equities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"equity_id" integer NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by_user_id" integer,
	"activated_store_id" integer
);
--> statement-breakpoint
CREATE TABLE "member_follow_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" varchar(16) NOT NULL,
	"content" varchar(500) NOT NULL,
	"result" varchar(16) NOT NULL,
	"next_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_level_equities" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"needs_activation" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"min_growth" integer NOT NULL,
	"needs_guide" boolean DEFAULT false NOT NULL,
	"needs_tags" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_key" varchar(48) NOT NULL,
	"message_type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_repurchase_cycles" (
	"category" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"cycle_days" smallint NOT NULL,
	"lead_days" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_repurchase_due" (
	"member_id" integer NOT NULL,
	"category" varchar(32) NOT NULL,
	"store_id" integer NOT NULL,
	"last_purchased_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"followed_at" timestamp with time zone,
	CONSTRAINT "member_repurchase_due_member_id_category_pk" PRIMARY KEY("member_id","category")
);
--> statement-breakpoint
CREATE TABLE "member_tag_links" (
	"member_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"store_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tag_links_member_id_tag_id_pk" PRIMARY KEY("member_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_code" varchar(64) NOT NULL,
	"name" varchar(32) NOT NULL,
	"kind" varchar(8) DEFAULT 'manual' NOT NULL,
	"rule" varchar(100) DEFAULT '' NOT NULL,
	"store_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "channel" varchar(16) DEFAULT 'store' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "contact_consent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "growth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "level_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "guide_user_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "guide_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "next_follow_up_on" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "category" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_equities" ADD CONSTRAINT "member_equities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_equities" ADD CONSTRAINT "member_equities_equity_id_member_level_equities_id_fk" FOREIGN KEY ("equity_id") REFERENCES "public"."member_level_equities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_equities" ADD CONSTRAINT "member_equities_activated_by_user_id_users_id_fk" FOREIGN KEY ("activated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_equities" ADD CONSTRAINT "member_equities_activated_store_id_stores_id_fk" FOREIGN KEY ("activated_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follow_ups" ADD CONSTRAINT "member_follow_ups_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follow_ups" ADD CONSTRAINT "member_follow_ups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follow_ups" ADD CONSTRAINT "member_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_equities" ADD CONSTRAINT "member_level_equities_level_member_levels_level_fk" FOREIGN KEY ("level") REFERENCES "public"."member_levels"("level") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_repurchase_due" ADD CONSTRAINT "member_repurchase_due_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_repurchase_due" ADD CONSTRAINT "member_repurchase_due_category_member_repurchase_cycles_category_fk" FOREIGN KEY ("category") REFERENCES "public"."member_repurchase_cycles"("category") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_repurchase_due" ADD CONSTRAINT "member_repurchase_due_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_links" ADD CONSTRAINT "member_tag_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_links" ADD CONSTRAINT "member_tag_links_tag_id_member_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."member_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_links" ADD CONSTRAINT "member_tag_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_links" ADD CONSTRAINT "member_tag_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_equities_key" ON "member_equities" USING btree ("member_id","equity_id");--> statement-breakpoint
CREATE INDEX "member_equities_pending_idx" ON "member_equities" USING btree ("member_id") WHERE "member_equities"."activated_at" is null;--> statement-breakpoint
CREATE INDEX "member_follow_ups_member_idx" ON "member_follow_ups" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_follow_ups_store_idx" ON "member_follow_ups" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_level_equities_code_key" ON "member_level_equities" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "member_reminders_key" ON "member_reminders" USING btree ("kind","member_id","ref_key");--> statement-breakpoint
CREATE INDEX "member_repurchase_due_open_idx" ON "member_repurchase_due" USING btree ("store_id","due_on") WHERE "member_repurchase_due"."followed_at" is null;--> statement-breakpoint
CREATE INDEX "member_tag_links_tag_idx" ON "member_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_tags_name_key" ON "member_tags" USING btree (coalesce("store_id", 0),"group_code","name");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_guide_idx" ON "members" USING btree ("guide_user_id","next_follow_up_on");--> statement-breakpoint
CREATE INDEX "members_store_follow_idx" ON "members" USING btree ("home_store_id","next_follow_up_on");--> statement-breakpoint
CREATE INDEX "members_to_assign_idx" ON "members" USING btree ("home_store_id","level_changed_at") WHERE "members"."guide_user_id" is null and "members"."level_changed_at" is not null;