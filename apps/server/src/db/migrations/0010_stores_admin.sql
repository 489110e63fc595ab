CREATE SEQUENCE "public"."shop_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
DROP INDEX "stores_group_idx";--> statement-breakpoint
ALTER TABLE "shop_groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_groups_sort_idx" ON "shop_groups" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "stores_status_idx" ON "stores" USING btree ("enabled","id");--> statement-breakpoint
CREATE INDEX "stores_province_idx" ON "stores" USING btree ("shop_province_code","id");--> statement-breakpoint
CREATE INDEX "stores_city_idx" ON "stores" USING btree ("shop_city_code","id");--> statement-breakpoint
CREATE INDEX "stores_county_idx" ON "stores" USING btree ("shop_county_code","id");--> statement-breakpoint
CREATE INDEX "stores_name_prefix_idx" ON "stores" USING btree ("shop_name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "stores_code_prefix_idx" ON "stores" USING btree ("shop_code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "stores_group_idx" ON "stores" USING btree ("shop_group_id","id");