-- Search index upkeep (hand-written): statement-level triggers keep search_jobs and search_terms
-- (src/server/db/schema-search.ts) in step with jobs, whatever writes to jobs (seed, import,
-- services), and a backfill indexes the jobs already there. Only ACTIVE jobs are indexed.
-- The vectors are stripped (no positions, no weights): search only asks whether they match, and
-- at about 750 bytes instead of 1,150 the whole row stays inline, so filtering a walked row never
-- reads TOAST. (A quoted phrase then matches its words anywhere, like an AND.)
-- The field order of facet_data is FACET_FIELDS in src/server/search/facets.ts.

-- lower case, single spaces, trimmed: how titles, skills, companies and cities are compared.
CREATE OR REPLACE FUNCTION search_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(btrim(regexp_replace(coalesce(t, ''), '\s+', ' ', 'g'))) $$;
--> statement-breakpoint
-- A facet_data field: control characters (the separators) become spaces.
CREATE OR REPLACE FUNCTION search_facet_text(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(coalesce(t, ''), E'[\\x01-\\x1f]', ' ', 'g')) $$;
--> statement-breakpoint
-- Drops the index rows of these jobs and takes them off the term counts.
CREATE OR REPLACE FUNCTION search_unindex_jobs(ids bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  WITH gone AS (
    DELETE FROM search_jobs WHERE job_id = ANY (ids)
    RETURNING site_context, title_key, company_key, skill_keys, city_keys
  ), keys AS (
    SELECT site_context, 'title' AS kind, title_key AS value_key FROM gone
    UNION ALL SELECT site_context, 'company', company_key FROM gone
    UNION ALL SELECT site_context, 'skill', unnest(skill_keys) FROM gone
    UNION ALL SELECT site_context, 'city', unnest(city_keys) FROM gone
  )
  -- Sorted, so concurrent writers lock term rows in the same order (no deadlocks).
  INSERT INTO search_terms AS st (site_context, kind, value_key, value, job_count)
  SELECT site_context, kind, value_key, value_key, -count(*)::integer
  FROM keys WHERE value_key <> ''
  GROUP BY site_context, kind, value_key
  ORDER BY site_context, kind, value_key
  ON CONFLICT (site_context, kind, value_key)
  DO UPDATE SET job_count = greatest(0, st.job_count + excluded.job_count);
END $$;
--> statement-breakpoint
-- Indexes these jobs (those that are active; callers unindex changed jobs first) and counts
-- their terms. Reads each job once.
CREATE OR REPLACE FUNCTION search_index_jobs(ids bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  WITH src AS MATERIALIZED (
    SELECT j.id, j.site_context, j.posted_at, j.title, j.company_name, j.role, j.qualification,
      j.skills, j.locations, j.country_code, j.function_id, j.industry_id, j.employer_type,
      j.job_type, j.experience_min, j.experience_max, j.salary_min, j.salary_max,
      j.salary_currency, j.salary_period, j.is_walkin, j.walkin_start_date, j.walkin_end_date,
      j.search, array_to_tsvector(ARRAY['~' || j.site_context]) AS lexeme
    FROM jobs j
    WHERE j.id = ANY (ids) AND j.status = 'active'
  ), indexed AS (
    INSERT INTO search_jobs (
      job_id, site_context, posted_at, title_key, company_key, role_key, qualification_key,
      skill_keys, city_keys, country_code, function_id, industry_id, employer_type, job_type,
      experience_min, experience_max, salary_min, salary_max, salary_currency, salary_period,
      is_walkin, walkin_start_date, walkin_end_date, title_tsv, head_tsv, doc, facet_data)
    SELECT
      s.id, s.site_context, s.posted_at, search_key(s.title), search_key(s.company_name),
      nullif(search_key(s.role), ''), nullif(search_key(s.qualification), ''),
      ARRAY(SELECT DISTINCT k FROM unnest(s.skills) x, search_key(x) k WHERE k <> ''),
      ARRAY(SELECT DISTINCT k FROM unnest(s.locations) x, search_key(x) k WHERE k <> ''),
      s.country_code, s.function_id, s.industry_id, s.employer_type, s.job_type,
      s.experience_min, s.experience_max, s.salary_min, s.salary_max, s.salary_currency,
      s.salary_period, s.is_walkin, s.walkin_start_date, s.walkin_end_date,
      strip(to_tsvector('english'::regconfig, s.title)) || s.lexeme,
      strip(to_tsvector('english'::regconfig, s.title || ' ' || jobs_text_array(s.skills) || ' '
        || s.company_name || ' ' || jobs_text_array(s.locations))) || s.lexeme,
      strip(s.search) || s.lexeme,
      concat_ws(E'\x1f',
        s.employer_type, s.job_type, coalesce(s.function_id::text, ''),
        coalesce(s.industry_id::text, ''), s.country_code,
        coalesce(s.experience_min::text, ''), coalesce(s.experience_max::text, ''),
        coalesce(s.salary_min::text, ''), coalesce(s.salary_max::text, ''),
        search_facet_text(s.salary_currency), search_facet_text(s.salary_period),
        floor(extract(epoch FROM s.posted_at))::bigint::text,
        search_facet_text(s.title), search_facet_text(s.company_name),
        search_facet_text(s.role), search_facet_text(s.qualification),
        array_to_string(ARRAY(SELECT search_facet_text(x) FROM unnest(s.skills) x), E'\x1e'),
        array_to_string(ARRAY(SELECT search_facet_text(x) FROM unnest(s.locations) x), E'\x1e'))
    FROM src s
  ), terms AS (
    SELECT DISTINCT id, site_context, kind, value_key, value FROM (
      SELECT id, site_context, 'title' AS kind, search_key(title) AS value_key,
        search_facet_text(title) AS value
      FROM src
      UNION ALL
      SELECT id, site_context, 'company', search_key(company_name), search_facet_text(company_name)
      FROM src
      UNION ALL
      SELECT id, site_context, 'skill', search_key(x), search_facet_text(x)
      FROM src, unnest(skills) x
      UNION ALL
      SELECT id, site_context, 'city', search_key(x), search_facet_text(x)
      FROM src, unnest(locations) x
    ) t
    WHERE value_key <> ''
  )
  -- Sorted, so concurrent writers lock term rows in the same order (no deadlocks).
  INSERT INTO search_terms AS st (site_context, kind, value_key, value, job_count)
  SELECT site_context, kind, value_key, min(value), count(DISTINCT id)::integer
  FROM terms
  GROUP BY site_context, kind, value_key
  ORDER BY site_context, kind, value_key
  ON CONFLICT (site_context, kind, value_key)
  DO UPDATE SET job_count = greatest(0, st.job_count) + excluded.job_count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_jobs_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_jobs(ARRAY(SELECT id FROM new_rows WHERE status = 'active'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_jobs_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_unindex_jobs(ARRAY(SELECT id FROM old_rows));
  PERFORM search_index_jobs(ARRAY(SELECT id FROM new_rows WHERE status = 'active'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_jobs_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_unindex_jobs(ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_jobs_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_jobs, search_terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_jobs_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_after_insert();
--> statement-breakpoint
CREATE TRIGGER search_jobs_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_after_update();
--> statement-breakpoint
CREATE TRIGGER search_jobs_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_after_delete();
--> statement-breakpoint
CREATE TRIGGER search_jobs_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION search_jobs_after_truncate();
--> statement-breakpoint
-- Jobs that were there before this migration.
SELECT search_index_jobs(ARRAY(SELECT id FROM jobs WHERE status = 'active'));
--> statement-breakpoint
ANALYZE search_jobs;
--> statement-breakpoint
ANALYZE search_terms;
