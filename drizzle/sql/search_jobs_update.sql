-- Keeps search_jobs and search_terms in step with jobs on UPDATE, whatever writes to jobs
-- (seed, import, services): statement-level, so a bulk write indexes its rows in one go.
CREATE OR REPLACE FUNCTION search_jobs_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_unindex_jobs(ARRAY(SELECT id FROM old_rows));
  PERFORM search_index_jobs(ARRAY(SELECT id FROM new_rows WHERE status = 'active'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_jobs_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_after_update();
