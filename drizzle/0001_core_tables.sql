CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"site_context" text NOT NULL,
	"employer_type" text DEFAULT 'company' NOT NULL,
	"logo_url" text,
	"website_url" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_employer_type_check" CHECK (employer_type in ('company', 'consultant'))
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" smallint PRIMARY KEY NOT NULL,
	"site_context" text NOT NULL,
	"name" text NOT NULL,
	"iso_code" text NOT NULL,
	CONSTRAINT "countries_site_context_unique" UNIQUE("site_context")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"external_id" text,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"company_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"description" text NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"locations" text[] DEFAULT '{}'::text[] NOT NULL,
	"site_context" text NOT NULL,
	"country_code" text NOT NULL,
	"experience_min" smallint,
	"experience_max" smallint,
	"salary_min" bigint,
	"salary_max" bigint,
	"salary_currency" text,
	"salary_period" text,
	"salary_hidden" boolean DEFAULT false NOT NULL,
	"function_id" smallint,
	"industry_id" smallint,
	"role" text,
	"qualification" text,
	"employer_type" text DEFAULT 'company' NOT NULL,
	"job_type" text DEFAULT 'full_time' NOT NULL,
	"is_walkin" boolean DEFAULT false NOT NULL,
	"walkin_start_date" date,
	"walkin_end_date" date,
	"walkin_time" text,
	"walkin_venue" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, jobs_text_array(skills)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(company_name, '') || ' ' || jobs_text_array(locations)), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'D')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "jobs_employer_type_check" CHECK (employer_type in ('company', 'consultant')),
	CONSTRAINT "jobs_job_type_check" CHECK (job_type in ('full_time', 'part_time', 'contract', 'temporary', 'internship', 'freelance', 'volunteer', 'other')),
	CONSTRAINT "jobs_status_check" CHECK (status in ('active', 'expired', 'closed')),
	CONSTRAINT "jobs_salary_period_check" CHECK (salary_period in ('hour', 'day', 'week', 'month', 'year')),
	CONSTRAINT "jobs_salary_range_check" CHECK (salary_min is null or salary_max is null or salary_min <= salary_max),
	CONSTRAINT "jobs_experience_range_check" CHECK (experience_min is null or experience_max is null or experience_min <= experience_max)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"mobile" text,
	"isd_code" text,
	"name" text,
	"password_hash" text,
	"career_stage" text,
	"site_context" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mobile_verified_at" timestamp with time zone,
	"email_verified_at" timestamp with time zone,
	CONSTRAINT "users_career_stage_check" CHECK (career_stage in ('fresher', 'professional')),
	CONSTRAINT "users_contact_check" CHECK (email is not null or mobile is not null)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_site_slug_unique" ON "companies" USING btree ("site_context","slug");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "jobs_site_posted_idx" ON "jobs" USING btree ("site_context","posted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "jobs_walkin_idx" ON "jobs" USING btree ("site_context","walkin_start_date") WHERE "jobs"."is_walkin";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_unique" ON "users" USING btree ("isd_code","mobile");