CREATE TABLE "callback_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callback_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_context" text NOT NULL,
	"user_id" uuid,
	"isd_code" text NOT NULL,
	"mobile" text NOT NULL,
	"name" text,
	"service" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_context" text NOT NULL,
	"user_id" uuid,
	"cart_id" uuid,
	"action" text NOT NULL,
	"sku" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"cart_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"kind" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_kind_check" CHECK (kind in ('plan', 'addon'))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_context" text NOT NULL,
	"user_id" uuid,
	"guest_token_hash" text,
	"promo_code_id" integer,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner_check" CHECK (user_id is not null or guest_token_hash is not null)
);
--> statement-breakpoint
CREATE TABLE "ecash_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ecash_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer DEFAULT 1 NOT NULL,
	"user_id" uuid NOT NULL,
	"uei" text,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecash_entries_amount_check" CHECK (amount_minor <> 0)
);
--> statement-breakpoint
CREATE TABLE "internal_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_context" text NOT NULL,
	"user_id" uuid,
	"data" jsonb NOT NULL,
	"version" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"plan_label" jsonb,
	"price_minor" bigint NOT NULL,
	"duration_days" integer,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"site_context" text NOT NULL,
	"currency" text NOT NULL,
	"cart_id" uuid,
	"cart_version" integer,
	"promo_code_id" integer,
	"promo_code" text,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"ecash_minor" bigint DEFAULT 0 NOT NULL,
	"payable_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_mode" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_status_check" CHECK (status in ('pending', 'paid', 'cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK (subtotal_minor >= 0 and discount_minor >= 0 and ecash_minor >= 0 and payable_minor >= 0 and payable_minor = subtotal_minor - discount_minor - ecash_minor)
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"redirect_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_status_check" CHECK (status in ('pending', 'paid', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" uuid,
	"outcome" text NOT NULL,
	"effect" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"site_context" text NOT NULL,
	"percent_off" smallint,
	"amount_off_minor" bigint,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"max_uses_per_user" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_discount_check" CHECK ((percent_off between 1 and 100 and amount_off_minor is null) or (percent_off is null and amount_off_minor > 0))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"site_context" text NOT NULL,
	"order_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"service_slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assessment_results" (
	"user_id" uuid NOT NULL,
	"assessment_id" text NOT NULL,
	"score" smallint NOT NULL,
	"total" smallint NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_results_user_id_assessment_id_pk" PRIMARY KEY("user_id","assessment_id"),
	CONSTRAINT "assessment_results_score_check" CHECK (score >= 0 and score <= total)
);
--> statement-breakpoint
CREATE TABLE "auto_apply_log" (
	"user_id" uuid NOT NULL,
	"job_id" bigint NOT NULL,
	"run_on" date NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_apply_log_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "auto_apply_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"site_context" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"daily_cap" smallint DEFAULT 5 NOT NULL,
	"keywords" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"experience" smallint,
	"last_run_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_apply_settings_cap_check" CHECK (daily_cap between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_context" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"poll_id" text NOT NULL,
	"site_context" text NOT NULL,
	"option_id" text NOT NULL,
	"voter_key" text NOT NULL,
	"user_id" uuid,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"site_context" text NOT NULL,
	"user_id" uuid,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_kind_check" CHECK (kind in ('user-engage', 'career-events', 'spltag', 'ab-exposure'))
);
--> statement-breakpoint
CREATE TABLE "job_alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" uuid NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"job_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"job_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "job_alert_deliveries_status_check" CHECK (status in ('claimed', 'sent', 'failed', 'empty', 'muted'))
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_context" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"brand" text DEFAULT 'classic' NOT NULL,
	"origin" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"mobile" text,
	"query" text NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"awaiting_replace" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_frequency_check" CHECK (frequency in ('daily', 'weekly')),
	CONSTRAINT "job_alerts_status_check" CHECK (status in ('pending', 'active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "seeker_message_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mail" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_message_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "seeker_message_preferences_kind_check" CHECK (kind in ('alerts', 'recommended', 'reminders', 'offers'))
);
--> statement-breakpoint
CREATE TABLE "seeker_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seeker_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_notifications_kind_check" CHECK (kind in ('alert_match', 'application_viewed', 'profile_reminder'))
);
--> statement-breakpoint
CREATE TABLE "profile_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"viewer" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_events_kind_check" CHECK (kind in ('view', 'appearance'))
);
--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_clicks" ADD CONSTRAINT "cart_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_clicks" ADD CONSTRAINT "cart_clicks_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecash_entries" ADD CONSTRAINT "ecash_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecash_entries" ADD CONSTRAINT "ecash_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_leads" ADD CONSTRAINT "internal_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_apply_log" ADD CONSTRAINT "auto_apply_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_apply_log" ADD CONSTRAINT "auto_apply_log_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_apply_settings" ADD CONSTRAINT "auto_apply_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_apply_settings" ADD CONSTRAINT "auto_apply_settings_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_deliveries" ADD CONSTRAINT "job_alert_deliveries_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_message_preferences" ADD CONSTRAINT "seeker_message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_notifications" ADD CONSTRAINT "seeker_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_events" ADD CONSTRAINT "profile_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_clicks_user_idx" ON "cart_clicks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_unique" ON "cart_items" USING btree ("cart_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_site_unique" ON "carts" USING btree ("user_id","site_context") WHERE "carts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_guest_site_unique" ON "carts" USING btree ("guest_token_hash","site_context") WHERE "carts"."guest_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "ecash_entries_user_idx" ON "ecash_entries" USING btree ("user_id","tenant_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "ecash_entries_order_reason_unique" ON "ecash_entries" USING btree ("order_id","reason") WHERE "ecash_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_unique" ON "order_items" USING btree ("order_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_version_unique" ON "orders" USING btree ("cart_id","cart_version");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_promo_idx" ON "orders" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_reference_unique" ON "payment_attempts" USING btree ("gateway","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_request_key_unique" ON "payment_attempts" USING btree ("order_id","request_key") WHERE "payment_attempts"."request_key" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_idx" ON "payment_attempts" USING btree ("status") WHERE "payment_attempts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_site_unique" ON "promo_codes" USING btree ("code","site_context");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_order_sku_unique" ON "subscriptions" USING btree ("order_id","sku");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "auto_apply_log_day_idx" ON "auto_apply_log" USING btree ("user_id","run_on");--> statement-breakpoint
CREATE INDEX "feedback_unmailed_idx" ON "feedback" USING btree ("created_at") WHERE "feedback"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_voter_unique" ON "poll_votes" USING btree ("poll_id","voter_key");--> statement-breakpoint
CREATE INDEX "poll_votes_poll_idx" ON "poll_votes" USING btree ("poll_id","option_id");--> statement-breakpoint
CREATE INDEX "tracking_events_kind_received_idx" ON "tracking_events" USING btree ("kind","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_alert_deliveries_run_unique" ON "job_alert_deliveries" USING btree ("alert_id","run_at");--> statement-breakpoint
CREATE INDEX "job_alert_deliveries_failed_idx" ON "job_alert_deliveries" USING btree ("created_at") WHERE "job_alert_deliveries"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "job_alerts_email_idx" ON "job_alerts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "job_alerts_user_idx" ON "job_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("next_run_at") WHERE "job_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "seeker_notifications_user_idx" ON "seeker_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_events_user_idx" ON "profile_events" USING btree ("user_id","kind","occurred_at");