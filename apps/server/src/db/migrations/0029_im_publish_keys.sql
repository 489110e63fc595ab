CREATE TABLE "im_publish_keys" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"message_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "im_publish_keys_created_idx" ON "im_publish_keys" USING btree ("created_at");