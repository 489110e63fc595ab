-- 用户管理's keyword matches any part of a name, account, work code or phone: a trigram index. pg_trgm is a
-- trusted contrib extension (the database owner may create it); PGlite loads it from
-- @electric-sql/pglite/contrib/pg_trgm (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_dept_idx";--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id","user_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_dept_created_idx" ON "users" USING btree ("dept_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_disabled_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."enabled" = false;--> statement-breakpoint
CREATE INDEX "users_keyword_trgm_idx" ON "users" USING gin (("nick_name" || ' ' || "username" || ' ' || "work_code" || ' ' || coalesce("phone", '')) gin_trgm_ops);