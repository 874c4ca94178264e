-- Search index, second version (hand-written): doc gains tag lexemes for the site and every
-- filterable value, and all vectors are stripped (see the function below and
-- src/server/search/query.ts). Replaces search_index_jobs from 0005_search_sync.sql, then
-- rebuilds the index of the jobs already there with it.
-- Indexes these jobs (those that are active; callers unindex changed jobs first) and counts
-- their terms. Reads each job once.
--
-- doc = the job's words (jobs.search, stripped) plus one tag lexeme per filterable value, which
-- src/server/search/query.ts looks up in the same GIN index as the words:
--   ~<site> f:<function id> i:<industry id> e:<employer type> t:<job type> c:<country, lower>
--   l:<city> s:<skill> d:<title> o:<company> r:<role> q:<qualification> (all as search_key)
--   x:<year> for each year 0-50 of the experience range (no minimum: 0, no maximum: 50)
--   w:1 for walk-ins
CREATE OR REPLACE FUNCTION search_index_jobs(ids bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  WITH src AS MATERIALIZED (
    SELECT j.id, j.site_context, j.posted_at, j.title, j.company_name, j.role, j.qualification,
      j.skills, j.locations, j.country_code, j.function_id, j.industry_id, j.employer_type,
      j.job_type, j.experience_min, j.experience_max, j.salary_min, j.salary_max,
      j.salary_currency, j.salary_period, j.is_walkin, j.walkin_start_date, j.walkin_end_date,
      j.search, k.*
    FROM jobs j
    CROSS JOIN LATERAL (
      SELECT search_key(j.title) AS title_key, search_key(j.company_name) AS company_key,
        nullif(search_key(j.role), '') AS role_key,
        nullif(search_key(j.qualification), '') AS qualification_key,
        ARRAY(SELECT DISTINCT x FROM unnest(j.skills) v, search_key(v) x WHERE x <> '')
          AS skill_keys,
        ARRAY(SELECT DISTINCT x FROM unnest(j.locations) v, search_key(v) x WHERE x <> '')
          AS city_keys,
        array_to_tsvector(ARRAY['~' || j.site_context]) AS lexeme
    ) k
    WHERE j.id = ANY (ids) AND j.status = 'active'
  ), indexed AS (
    INSERT INTO search_jobs (
      job_id, site_context, posted_at, title_key, company_key, role_key, qualification_key,
      skill_keys, city_keys, country_code, function_id, industry_id, employer_type, job_type,
      experience_min, experience_max, salary_min, salary_max, salary_currency, salary_period,
      is_walkin, walkin_start_date, walkin_end_date, title_tsv, head_tsv, doc, facet_data)
    SELECT
      s.id, s.site_context, s.posted_at, s.title_key, s.company_key, s.role_key,
      s.qualification_key, s.skill_keys, s.city_keys, s.country_code, s.function_id,
      s.industry_id, s.employer_type, s.job_type, s.experience_min, s.experience_max,
      s.salary_min, s.salary_max, s.salary_currency, s.salary_period, s.is_walkin,
      s.walkin_start_date, s.walkin_end_date,
      strip(to_tsvector('english'::regconfig, s.title)) || s.lexeme,
      strip(to_tsvector('english'::regconfig, s.title || ' ' || jobs_text_array(s.skills) || ' '
        || s.company_name || ' ' || jobs_text_array(s.locations))) || s.lexeme,
      strip(s.search) || array_to_tsvector(ARRAY(
        SELECT DISTINCT tag FROM unnest(
          ARRAY['~' || s.site_context, 'e:' || s.employer_type, 't:' || s.job_type,
            'c:' || lower(s.country_code), 'd:' || s.title_key, 'o:' || s.company_key,
            'f:' || s.function_id, 'i:' || s.industry_id, 'r:' || s.role_key,
            'q:' || s.qualification_key,
            CASE WHEN s.is_walkin THEN 'w:1' END]
          || ARRAY(SELECT 'l:' || x FROM unnest(s.city_keys) x)
          || ARRAY(SELECT 's:' || x FROM unnest(s.skill_keys) x)
          || ARRAY(SELECT 'x:' || y FROM generate_series(
               least(greatest(coalesce(s.experience_min, 0), 0), 50),
               least(coalesce(s.experience_max, 50), 50)) y)
        ) tag
        WHERE tag IS NOT NULL AND length(tag) > 2)),
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
      SELECT id, site_context, 'title' AS kind, title_key AS value_key,
        search_facet_text(title) AS value
      FROM src
      UNION ALL
      SELECT id, site_context, 'company', company_key, search_facet_text(company_name)
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
-- A row (about 2 KB with the tags) must stay in one piece: a walked row's doc is read for every
-- search that walks it, and reading it back from TOAST (or decompressing it) costs tens of
-- microseconds a row. Rows are only toasted beyond 4 KB now.
ALTER TABLE search_jobs SET (toast_tuple_target = 4080);
--> statement-breakpoint
TRUNCATE search_jobs, search_terms;
--> statement-breakpoint
SELECT search_index_jobs(ARRAY(SELECT id FROM jobs WHERE status = 'active'));
--> statement-breakpoint
ANALYZE search_jobs;
--> statement-breakpoint
ANALYZE search_terms;
