-- The store switcher lists a user's stores nearest first through a GiST index on each store's point on the unit
-- sphere. cube is a trusted contrib extension (the database owner may create it); PGlite loads it from
-- @electric-sql/pglite/contrib/cube (db/client.ts).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sphere" "cube" GENERATED ALWAYS AS (case when latitude = 0 and longitude = 0 then null else cube(array[
  cos(radians(latitude)) * cos(radians(longitude)),
  cos(radians(latitude)) * sin(radians(longitude)),
  sin(radians(latitude))]) end) STORED;--> statement-breakpoint
CREATE INDEX "stores_sphere_idx" ON "stores" USING gist ("sphere");