-- A logged-in seeker's pages are kept in each server's memory (src/server/http/seeker-page-cache.ts)
-- until a row of that seeker changes. The notice comes from here, whoever writes (pages, the API,
-- the background worker, a script, psql): every table that holds a seeker's rows has statement
-- triggers that NOTIFY the page-cache channel with the tags `seeker:<user id>` of the rows
-- written, delivered on commit and never for a rolled-back write. Statement-level, so a bulk
-- write (the seed, a worker's batch of notifications) sends one notice per 150 seekers, not one
-- per row. TG_ARGV[0] names the column holding the user id; 'cart' reads it through carts.
CREATE OR REPLACE FUNCTION seeker_pages_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  ids text[];
  i integer;
BEGIN
  IF TG_ARGV[0] = 'cart' THEN
    EXECUTE format(
      'SELECT array_agg(DISTINCT c.user_id::text) FROM %I r JOIN carts c ON c.id = r.cart_id
       WHERE c.user_id IS NOT NULL', changed) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM %I WHERE %I IS NOT NULL',
      TG_ARGV[0], changed, TG_ARGV[0]) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- NOTIFY payloads stop at 8000 bytes: 150 tags of 44 characters fit.
  FOR i IN 1..cardinality(ids) BY 150 LOOP
    PERFORM pg_notify('page_cache', (
      SELECT json_agg('seeker:' || id)::text FROM unnest(ids[i:i + 149]) AS id));
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables and their user-id column. Sessions only on DELETE (a sign-out, "sign out
-- everywhere"): renewing one changes nothing a page shows. Tracking events, poll votes, feedback
-- and cart clicks are written on the seeker's behalf but shown on none of their pages.
DO $$
DECLARE
  t record;
  op text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('users', 'id', ARRAY['UPDATE', 'DELETE']),
    ('sessions', 'user_id', ARRAY['DELETE']),
    ('user_identities', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('otp_codes', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_profiles', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_employments', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_educations', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_job_preferences', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_named_profiles', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_profile_extras', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_prompt_states', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('resumes', 'owner_user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('recent_searches', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('job_alerts', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_notifications', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('seeker_message_preferences', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('profile_events', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('applications', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('saved_jobs', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('assessment_results', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('auto_apply_settings', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('auto_apply_log', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('carts', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('cart_items', 'cart', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('orders', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('ecash_entries', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('subscriptions', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('data_exports', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('account_closures', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('account_mails', 'user_id', ARRAY['INSERT', 'UPDATE', 'DELETE'])
  ) AS v(tbl, col, ops) LOOP
    FOREACH op IN ARRAY t.ops LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I',
        t.tbl || '_seeker_pages_' || lower(op), t.tbl);
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS %s
         FOR EACH STATEMENT EXECUTE FUNCTION seeker_pages_notify(%L)',
        t.tbl || '_seeker_pages_' || lower(op), op, t.tbl,
        CASE WHEN op = 'DELETE' THEN 'OLD' ELSE 'NEW' END,
        CASE WHEN op = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END,
        t.col);
    END LOOP;
  END LOOP;
END $$;
