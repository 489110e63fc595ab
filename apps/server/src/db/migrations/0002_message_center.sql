CREATE TABLE "im_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "im_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"business_type" smallint NOT NULL,
	"message_type" smallint NOT NULL,
	"title" varchar(64) NOT NULL,
	"text" varchar(500) NOT NULL,
	"expand_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"source" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "im_messages_inbox_idx" ON "im_messages" USING btree ("receiver_id","store_id","id");--> statement-breakpoint
CREATE INDEX "im_messages_inbox_status_idx" ON "im_messages" USING btree ("receiver_id","store_id","status","id");--> statement-breakpoint
CREATE INDEX "im_messages_unread_idx" ON "im_messages" USING btree ("receiver_id","store_id","business_type") WHERE "im_messages"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "im_messages_pending_idx" ON "im_messages" USING btree ("receiver_id","store_id","id") WHERE "im_messages"."status" = 0;--> statement-breakpoint
CREATE INDEX "im_messages_pending_created_idx" ON "im_messages" USING btree ("created_at") WHERE "im_messages"."status" = 0;