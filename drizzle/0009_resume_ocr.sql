ALTER TABLE "resumes" ADD COLUMN "ocr_state" text;--> statement-breakpoint
ALTER TABLE "resumes" ADD COLUMN "ocr_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "resumes_ocr_queued_idx" ON "resumes" USING btree ("created_at") WHERE "resumes"."ocr_state" = 'queued';--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_ocr_state_check" CHECK (ocr_state in ('queued', 'done', 'failed'));