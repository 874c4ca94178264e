-- lower case, single spaces, trimmed: how titles, skills, companies and cities are compared.
CREATE OR REPLACE FUNCTION search_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(btrim(regexp_replace(coalesce(t, ''), '\s+', ' ', 'g'))) $$;
