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
CREATE INDEX "auto_apply_log_day_idx" ON "auto_apply_log" USING btree ("user_id","run_on");--> statement-breakpoint
CREATE INDEX "feedback_unmailed_idx" ON "feedback" USING btree ("created_at") WHERE "feedback"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_voter_unique" ON "poll_votes" USING btree ("poll_id","voter_key");--> statement-breakpoint
CREATE INDEX "poll_votes_poll_idx" ON "poll_votes" USING btree ("poll_id","option_id");--> statement-breakpoint
CREATE INDEX "tracking_events_kind_received_idx" ON "tracking_events" USING btree ("kind","received_at");