ALTER TABLE "performance_orders" ADD COLUMN "receiver_name" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "performance_orders" ADD COLUMN "receiver_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "performance_orders" SET "receiver_name" = o."receiver_name", "receiver_phone" = o."receiver_phone" FROM "oms_orders" o WHERE o."id" = "performance_orders"."oms_order_id";--> statement-breakpoint
CREATE INDEX "performance_orders_store_receiver_idx" ON "performance_orders" USING btree ("store_id","receiver_name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "performance_orders_store_phone_idx" ON "performance_orders" USING btree ("store_id","receiver_phone");