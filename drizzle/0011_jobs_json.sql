-- drizzle/sql/jobs_json.sql
-- The job summaries (JobSummary in src/server/jobs/service.ts: every column of jobs but the
-- description) of these ids, as one JSON array in their order; ids of jobs gone are skipped.
-- Search embeds it in its statements so a results page is one round trip. A function, not the
-- same SELECT in every statement: each search statement then parses and plans one call, not a
-- 33-key object and a join (0.1-0.3 ms a statement; decision 0059), and plpgsql keeps the plan
-- of its query for the connection. tests/integration/jobs-json.test.ts checks that the keys are
-- the summary's.
CREATE OR REPLACE FUNCTION jobs_json(ids int8[]) RETURNS text
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
BEGIN
  RETURN (
    SELECT json_agg(json_build_object(
      'id', j.id,
      'externalId', j.external_id,
      'slug', j.slug,
      'title', j.title,
      'companyId', j.company_id,
      'companyName', j.company_name,
      'skills', j.skills,
      'locations', j.locations,
      'siteContext', j.site_context,
      'countryCode', j.country_code,
      'experienceMin', j.experience_min,
      'experienceMax', j.experience_max,
      'salaryMin', j.salary_min,
      'salaryMax', j.salary_max,
      'salaryCurrency', j.salary_currency,
      'salaryPeriod', j.salary_period,
      'salaryHidden', j.salary_hidden,
      'functionId', j.function_id,
      'industryId', j.industry_id,
      'role', j.role,
      'qualification', j.qualification,
      'employerType', j.employer_type,
      'jobType', j.job_type,
      'isWalkin', j.is_walkin,
      'walkinStartDate', j.walkin_start_date,
      'walkinEndDate', j.walkin_end_date,
      'walkinTime', j.walkin_time,
      'walkinVenue', j.walkin_venue,
      'postedAt', j.posted_at,
      'expiresAt', j.expires_at,
      'status', j.status,
      'createdAt', j.created_at,
      'updatedAt', j.updated_at
    ) ORDER BY p.ord)::text
    FROM unnest(ids) WITH ORDINALITY AS p(id, ord)
    JOIN jobs j ON j.id = p.id
  );
END
$$;
