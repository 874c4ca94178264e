ALTER TABLE "carts" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "brand" text;