CREATE TABLE "member_points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" varchar(24) NOT NULL,
	"ref_no" varchar(40) DEFAULT '' NOT NULL,
	"store_id" integer,
	"user_id" integer,
	"confirmed_by" varchar(16) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_points_ledger" ADD CONSTRAINT "member_points_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points_ledger" ADD CONSTRAINT "member_points_ledger_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points_ledger" ADD CONSTRAINT "member_points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_points_ledger_member_idx" ON "member_points_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_points_ledger_user_idx" ON "member_points_ledger" USING btree ("user_id","created_at");