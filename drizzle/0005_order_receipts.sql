ALTER TABLE "orders" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_mailed_at" timestamp with time zone;