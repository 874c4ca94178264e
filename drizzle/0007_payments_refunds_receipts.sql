CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"gateway_refund_id" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"staff_alerted_at" timestamp with time zone,
	"buyer_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_reason_check" CHECK (reason in ('already-paid', 'promo-limit')),
	CONSTRAINT "payment_refunds_status_check" CHECK (status in ('requested', 'refunded', 'failed')),
	CONSTRAINT "payment_refunds_amount_check" CHECK (amount_minor > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "redirect_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "refunded_minor" bigint;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_attempt_unique" ON "payment_refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
-- Orders with several open attempts from before this rule: the newest stays open, the older ones
-- are closed at their gateway by reconciliation (closing), never just forgotten.
UPDATE "payment_attempts" a SET "status" = 'closing' WHERE a."status" = 'pending' AND EXISTS (SELECT 1 FROM "payment_attempts" b WHERE b."order_id" = a."order_id" AND b."status" = 'pending' AND (b."created_at", b."id") > (a."created_at", a."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_open_unique" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" in ('starting', 'pending');--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_check" CHECK (status in ('pending', 'paid', 'failed', 'cancelled', 'starting', 'superseded', 'closing'));
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "service" text GENERATED ALWAYS AS (split_part(sku, '/', 1)) STORED;--> statement-breakpoint
-- Carts holding two plans of one service keep the one added last.
DELETE FROM "cart_items" a USING "cart_items" b WHERE a."cart_id" = b."cart_id" AND a."kind" = 'plan' AND b."kind" = 'plan' AND a."service" = b."service" AND (a."added_at", a."sku") < (b."added_at", b."sku");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_plan_per_service" ON "cart_items" USING btree ("cart_id","service") WHERE "cart_items"."kind" = 'plan';
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_mailed_at" timestamp with time zone;
