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
ALTER TABLE "marketing_event_reminders" ADD CONSTRAINT "marketing_event_reminders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_event_stores" ADD CONSTRAINT "marketing_event_stores_event_id_marketing_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."marketing_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_event_stores" ADD CONSTRAINT "marketing_event_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_events" ADD CONSTRAINT "marketing_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_event_stores_store_idx" ON "marketing_event_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "marketing_events_days_idx" ON "marketing_events" USING btree ("start_date","end_date");