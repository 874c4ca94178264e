-- Indexes these jobs (those that are active; callers unindex changed jobs first) and counts
-- their terms. Reads each job once and parses its text itself (title, skills, company, cities
-- and description, stripped: search only asks whether words match).
--
-- doc = the job's words (and the Arabic stems of its words in Arabic letters) plus one tag
-- lexeme per filterable value, which src/server/search/query.ts looks up in the same GIN index
-- as the words:
--   e:<employer type> t:<job type> c:<country, lower case> f:<function id> i:<industry id>
--   l:<city> s:<skill> d:<title> o:<company> r:<role> q:<qualification> (all as search_key)
--   k:<company id>: the company facet and company pages filter by the employer, not its name
--   x:<year> for each year 0-50 of the experience range (no minimum: 0, no maximum: 50)
--   w:1 for walk-ins
--   p:<YYYYMMDD> the day (UTC) it was posted: a search reads its newest matches a span of days
--     at a time, and the GIN lookup then skips the words' older postings (windows.ts)
-- facet_data = the fields of FACET_FIELDS in src/server/search/facets.ts, split by U+001F,
-- lists split by U+001E.
CREATE OR REPLACE FUNCTION search_index_jobs(ids bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  WITH src AS MATERIALIZED (
    SELECT j.id, j.site_context, j.posted_at, j.created_at AS received_at, j.title,
      j.company_id, j.company_name, j.role, j.qualification,
      j.skills, j.locations, j.country_code, j.function_id, j.industry_id, j.employer_type,
      j.job_type, j.experience_min, j.experience_max, j.salary_min, j.salary_max,
      j.salary_currency, j.salary_period, j.is_walkin, j.walkin_start_date, j.walkin_end_date,
      k.*
    FROM jobs j
    CROSS JOIN LATERAL (
      SELECT search_key(j.title) AS title_key, search_key(j.company_name) AS company_key,
        nullif(search_key(j.role), '') AS role_key,
        nullif(search_key(j.qualification), '') AS qualification_key,
        ARRAY(SELECT DISTINCT x FROM unnest(j.skills) v, search_key(v) x WHERE x <> '')
          AS skill_keys,
        ARRAY(SELECT DISTINCT x FROM unnest(j.locations) v, search_key(v) x WHERE x <> '')
          AS city_keys,
        strip(to_tsvector('english'::regconfig, j.title)) AS title_words,
        strip(to_tsvector('english'::regconfig, j.title || ' ' || jobs_text_array(j.skills) || ' '
          || j.company_name || ' ' || jobs_text_array(j.locations))) AS head_words,
        strip(to_tsvector('english'::regconfig, j.description)) AS body_words,
        -- Words written in Arabic letters, also as Arabic stems (المحاسبين → محاسب), for Arabic
        -- keywords no name translates (src/server/search/translate.ts). Only those words: the
        -- English ones keep their English stems alone.
        CASE WHEN a.text ~ '[\u0621-\u064A]' THEN strip(to_tsvector('arabic'::regconfig,
            regexp_replace(a.text, '[^\u0621-\u064A\u0660-\u0669\u0671-\u06D3]+', ' ', 'g')))
          ELSE ''::tsvector END AS arabic_words
      FROM (SELECT j.title || ' ' || jobs_text_array(j.skills) || ' ' || j.description AS text) a
    ) k
    WHERE j.id = ANY (ids) AND j.status = 'active'
  ), indexed AS (
    INSERT INTO search_jobs (
      job_id, site_context, posted_at, received_at, title_key, company_key, role_key,
      qualification_key,
      skill_keys, city_keys, country_code, function_id, industry_id, employer_type, job_type,
      experience_min, experience_max, salary_min, salary_max, salary_currency, salary_period,
      is_walkin, walkin_start_date, walkin_end_date, title_tsv, head_tsv, doc, facet_data)
    SELECT
      s.id, s.site_context, s.posted_at, s.received_at, s.title_key, s.company_key, s.role_key,
      s.qualification_key, s.skill_keys, s.city_keys, s.country_code, s.function_id,
      s.industry_id, s.employer_type, s.job_type, s.experience_min, s.experience_max,
      s.salary_min, s.salary_max, s.salary_currency, s.salary_period, s.is_walkin,
      s.walkin_start_date, s.walkin_end_date,
      s.title_words,
      s.head_words,
      s.head_words || s.body_words || s.arabic_words || array_to_tsvector(ARRAY(
        SELECT DISTINCT tag FROM unnest(
          ARRAY['e:' || s.employer_type, 't:' || s.job_type,
            'c:' || lower(s.country_code), 'd:' || s.title_key, 'o:' || s.company_key,
            'k:' || s.company_id,
            'f:' || s.function_id, 'i:' || s.industry_id, 'r:' || s.role_key,
            'q:' || s.qualification_key,
            CASE WHEN s.is_walkin THEN 'w:1' END,
            'p:' || to_char(s.posted_at AT TIME ZONE 'UTC', 'YYYYMMDD')]
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
        array_to_string(ARRAY(SELECT search_facet_text(x) FROM unnest(s.locations) x), E'\x1e'),
        s.company_id::text)
    FROM src s
    -- In posting order: rows of the same days lie together (and postings, in the GIN index).
    ORDER BY s.posted_at, s.id
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
