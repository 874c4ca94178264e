CREATE TABLE "recent_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recent_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"site_context" text NOT NULL,
	"keywords" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"experience" smallint,
	"dedupe_key" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_jobs" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"site_context" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"title_key" text NOT NULL,
	"company_key" text NOT NULL,
	"role_key" text,
	"qualification_key" text,
	"skill_keys" text[] NOT NULL,
	"city_keys" text[] NOT NULL,
	"country_code" text NOT NULL,
	"function_id" smallint,
	"industry_id" smallint,
	"employer_type" text NOT NULL,
	"job_type" text NOT NULL,
	"experience_min" smallint,
	"experience_max" smallint,
	"salary_min" bigint,
	"salary_max" bigint,
	"salary_currency" text,
	"salary_period" text,
	"is_walkin" boolean NOT NULL,
	"walkin_start_date" date,
	"walkin_end_date" date,
	"title_tsv" "tsvector" NOT NULL,
	"head_tsv" "tsvector" NOT NULL,
	"doc" "tsvector" NOT NULL,
	"facet_data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"site_context" text NOT NULL,
	"kind" text NOT NULL,
	"value_key" text NOT NULL,
	"value" text NOT NULL,
	"job_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_terms_site_context_kind_value_key_pk" PRIMARY KEY("site_context","kind","value_key"),
	CONSTRAINT "search_terms_kind_check" CHECK (kind in ('title', 'skill', 'company', 'city'))
);
--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recent_searches_dedupe_unique" ON "recent_searches" USING btree ("user_id","site_context","dedupe_key");--> statement-breakpoint
CREATE INDEX "recent_searches_user_idx" ON "recent_searches" USING btree ("user_id","site_context","searched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_jobs_doc_idx" ON "search_jobs" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "search_jobs_title_tsv_idx" ON "search_jobs" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "search_jobs_head_tsv_idx" ON "search_jobs" USING gin ("head_tsv");--> statement-breakpoint
CREATE INDEX "search_jobs_skill_keys_idx" ON "search_jobs" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "search_jobs_city_keys_idx" ON "search_jobs" USING gin ("city_keys");--> statement-breakpoint
CREATE INDEX "search_jobs_site_posted_idx" ON "search_jobs" USING btree ("site_context","posted_at" DESC NULLS FIRST,"job_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_jobs_site_title_idx" ON "search_jobs" USING btree ("site_context","title_key","posted_at" DESC NULLS FIRST,"job_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_jobs_walkin_idx" ON "search_jobs" USING btree ("site_context","walkin_end_date") WHERE "search_jobs"."is_walkin";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("value_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("site_context","value_key" text_pattern_ops);