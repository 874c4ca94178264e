ALTER TABLE "cart_items" ADD COLUMN "service" text GENERATED ALWAYS AS (split_part(sku, '/', 1)) STORED;--> statement-breakpoint
-- Carts holding two plans of one service keep the one added last.
DELETE FROM "cart_items" a USING "cart_items" b WHERE a."cart_id" = b."cart_id" AND a."kind" = 'plan' AND b."kind" = 'plan' AND a."service" = b."service" AND (a."added_at", a."sku") < (b."added_at", b."sku");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_plan_per_service" ON "cart_items" USING btree ("cart_id","service") WHERE "cart_items"."kind" = 'plan';