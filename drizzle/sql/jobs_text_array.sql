-- array_to_string() is only STABLE, so an index expression can't call it; this wrapper is safe
-- to declare IMMUTABLE because the separator is fixed and text arrays have no locale-dependent
-- output. Used by search_index_jobs.
CREATE OR REPLACE FUNCTION jobs_text_array(arr text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(arr, ' '), '') $$;
