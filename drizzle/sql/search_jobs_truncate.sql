-- Keeps search_jobs and search_terms in step with jobs on TRUNCATE, whatever writes to jobs
-- (seed, import, services): statement-level, so a bulk write indexes its rows in one go.
CREATE OR REPLACE FUNCTION search_jobs_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_jobs, search_terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_jobs_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_after_truncate();
