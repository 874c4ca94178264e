ALTER TABLE "seeker_named_profiles" ADD COLUMN "resume_id" uuid;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD COLUMN "without_resume" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD COLUMN "preferred_locations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD COLUMN "expected_salary" bigint;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD COLUMN "expected_salary_mode" text;--> statement-breakpoint
ALTER TABLE "seeker_profile_extras" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "seeker_profile_extras" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "seeker_profile_extras" ADD COLUMN "photo_mime" text;--> statement-breakpoint
ALTER TABLE "seeker_profile_extras" ADD COLUMN "photo_size" integer;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD CONSTRAINT "seeker_named_profiles_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD CONSTRAINT "seeker_named_profiles_salary_mode_check" CHECK (expected_salary_mode in ('monthly', 'annually'));--> statement-breakpoint
-- Existing extra profiles shared the user-level values until now: each starts with a copy of them.
UPDATE "seeker_named_profiles" AS np SET "skills" = jp."skills", "preferred_locations" = jp."preferred_locations", "expected_salary" = jp."expected_salary", "expected_salary_mode" = jp."salary_mode" FROM "seeker_job_preferences" AS jp WHERE jp."user_id" = np."user_id" AND NOT np."is_default";
