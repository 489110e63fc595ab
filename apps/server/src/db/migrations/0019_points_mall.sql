CREATE TABLE "integral_class_skus" (
	"class_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "integral_class_skus_class_id_sku_id_pk" PRIMARY KEY("class_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "integral_class_stores" (
	"class_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "integral_class_stores_class_id_store_id_pk" PRIMARY KEY("class_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "integral_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_shelves" (
	"store_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"on_shelf" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integral_shelves_store_id_sku_id_pk" PRIMARY KEY("store_id","sku_id")
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "per_member_limit" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integral_class_skus" ADD CONSTRAINT "integral_class_skus_class_id_integral_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."integral_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_class_skus" ADD CONSTRAINT "integral_class_skus_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_class_stores" ADD CONSTRAINT "integral_class_stores_class_id_integral_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."integral_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_class_stores" ADD CONSTRAINT "integral_class_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_classes" ADD CONSTRAINT "integral_classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_shelves" ADD CONSTRAINT "integral_shelves_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_shelves" ADD CONSTRAINT "integral_shelves_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_shelves" ADD CONSTRAINT "integral_shelves_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integral_class_skus_sku_idx" ON "integral_class_skus" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "integral_class_stores_store_idx" ON "integral_class_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integral_classes_name_key" ON "integral_classes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "integral_classes_sort_idx" ON "integral_classes" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "integral_shelves_sku_idx" ON "integral_shelves" USING btree ("sku_id","on_shelf");