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
ALTER TABLE "job_alert_deliveries" ADD CONSTRAINT "job_alert_deliveries_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_message_preferences" ADD CONSTRAINT "seeker_message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_notifications" ADD CONSTRAINT "seeker_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_events" ADD CONSTRAINT "profile_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alert_deliveries_run_unique" ON "job_alert_deliveries" USING btree ("alert_id","run_at");--> statement-breakpoint
CREATE INDEX "job_alert_deliveries_failed_idx" ON "job_alert_deliveries" USING btree ("created_at") WHERE "job_alert_deliveries"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "job_alerts_email_idx" ON "job_alerts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "job_alerts_user_idx" ON "job_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("next_run_at") WHERE "job_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "seeker_notifications_user_idx" ON "seeker_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_events_user_idx" ON "profile_events" USING btree ("user_id","kind","occurred_at");