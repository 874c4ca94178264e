ALTER TABLE "applications" ADD COLUMN "profile_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resume_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resume_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "viewed_at" timestamp with time zone;