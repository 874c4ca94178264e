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
