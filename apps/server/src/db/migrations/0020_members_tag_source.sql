CREATE INDEX "members_member_no_upper_idx" ON "members" USING btree (upper("member_no"));--> statement-breakpoint
CREATE INDEX "members_phone_prefix_idx" ON "members" USING btree ("phone" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_name_trgm_idx" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Member tags have one source: the member_tags table, grouped by the member_tag_group dictionary
-- (docs/domain/members.md "Tags"). The flat member_tag dictionary, which nothing read, is dropped.
DELETE FROM "dict_items" WHERE "type_id" IN (SELECT "id" FROM "dict_types" WHERE "code" = 'member_tag');--> statement-breakpoint
DELETE FROM "dict_types" WHERE "code" = 'member_tag';
