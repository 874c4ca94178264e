-- A facet_data field: control characters (the separators) become spaces.
CREATE OR REPLACE FUNCTION search_facet_text(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(coalesce(t, ''), E'[\\x01-\\x1f]', ' ', 'g')) $$;
