DROP INDEX "members_guide_idx";--> statement-breakpoint
DROP INDEX "members_store_follow_idx";--> statement-breakpoint
DROP INDEX "members_to_assign_idx";--> statement-breakpoint
DROP INDEX "member_equities_pending_idx";--> statement-breakpoint
DROP INDEX "member_repurchase_due_open_idx";--> statement-breakpoint
ALTER TABLE "member_equities" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "member_equities" ADD COLUMN "needs_activation" boolean;--> statement-breakpoint
-- Hand-written: a grant keeps the terms it was granted on (the equity's need of activation) and the store whose
-- 权益待激活 list shows it (the member's home store).
UPDATE "member_equities" e SET "needs_activation" = le."needs_activation", "store_id" = m."home_store_id"
  FROM "member_level_equities" le, "members" m
  WHERE le."id" = e."equity_id" AND m."id" = e."member_id";--> statement-breakpoint
ALTER TABLE "member_equities" ALTER COLUMN "needs_activation" SET NOT NULL;--> statement-breakpoint
-- Hand-written: the update rewrote every grant; fresh statistics, or the planner still sees the old pending rows.
ANALYZE "member_equities";--> statement-breakpoint
ALTER TABLE "member_equities" ADD CONSTRAINT "member_equities_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_equities_store_pending_idx" ON "member_equities" USING btree ("store_id","granted_at","id") WHERE "member_equities"."activated_at" is null and "member_equities"."needs_activation";--> statement-breakpoint
CREATE INDEX "members_guide_idx" ON "members" USING btree ("guide_user_id","home_store_id",coalesce("next_follow_up_on", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "members_store_follow_idx" ON "members" USING btree ("home_store_id","next_follow_up_on","id");--> statement-breakpoint
CREATE INDEX "members_to_assign_idx" ON "members" USING btree ("home_store_id","level_changed_at","id") WHERE "members"."guide_user_id" is null and "members"."level_changed_at" is not null;--> statement-breakpoint
CREATE INDEX "member_equities_pending_idx" ON "member_equities" USING btree ("member_id") WHERE "member_equities"."activated_at" is null and "member_equities"."needs_activation";--> statement-breakpoint
CREATE INDEX "member_repurchase_due_open_idx" ON "member_repurchase_due" USING btree ("store_id","due_on","member_id","category") WHERE "member_repurchase_due"."followed_at" is null;