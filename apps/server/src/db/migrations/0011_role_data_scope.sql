CREATE TABLE "role_shop_groups" (
	"role_id" integer NOT NULL,
	"shop_group_id" integer NOT NULL,
	CONSTRAINT "role_shop_groups_role_id_shop_group_id_pk" PRIMARY KEY("role_id","shop_group_id")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" varchar(16) DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "role_shop_groups" ADD CONSTRAINT "role_shop_groups_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_shop_groups" ADD CONSTRAINT "role_shop_groups_shop_group_id_shop_groups_id_fk" FOREIGN KEY ("shop_group_id") REFERENCES "public"."shop_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_shop_groups_group_idx" ON "role_shop_groups" USING btree ("shop_group_id");--> statement-breakpoint
-- Existing installs keep what their administrators and head office saw before data scopes: every store.
UPDATE "roles" SET "data_scope" = 'all' WHERE "permission" IN ('admin', 'head_office');
