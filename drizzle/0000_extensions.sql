-- Extensions and helper functions the generated tables rely on (hand-written, see drizzle.config.ts).
-- pg_trgm: trigram index on job titles for autosuggest and fuzzy matching. PGlite needs the
-- extension loaded by the client (src/server/db/client.ts) before this runs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string() is only STABLE, so a generated column can't call it; this wrapper is safe to
-- declare IMMUTABLE because the separator is fixed and text arrays have no locale-dependent output.
CREATE OR REPLACE FUNCTION jobs_text_array(arr text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(arr, ' '), '') $$;
