/**
 * The search benchmark's naive baseline (bench/search.ts): the same matching on `jobs`, every
 * match ranked with ts_rank, top 20, on a weighted tsvector column of its own; and a reference
 * query that ranks every match, to check the order of searchJobs' pages.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FilterKey, SearchState } from '~/lib/search/state';
import type { Queryable } from '~/server/db/client';
import { resolveLocation } from '~/server/search/places';
import { readKeywords } from '~/server/search/query';

export function baselineWhere(
  site: string,
  s: SearchState,
  now: Date,
): { where: SQL; tsq: SQL | null } {
  const parts: SQL[] = [sql`j.site_context = ${site}`, sql`j.status = 'active'`];
  const k = readKeywords(s.q);
  let tsq: SQL | null = null;
  if (k) {
    if (k.stopWordsOnly) {
      for (const w of k.words) parts.push(sql`lower(j.title) ~ ${`\\m${w}\\M`}`);
    } else {
      tsq = sql`websearch_to_tsquery('english', ${k.text})`;
      parts.push(sql`j.search @@ ${tsq}`);
    }
  }
  const cities = (text: string) => {
    const { cityKeys, countryCodes } = resolveLocation(site, text);
    const or: SQL[] = [];
    if (cityKeys.length > 0)
      or.push(
        sql`EXISTS (SELECT 1 FROM unnest(j.locations) c WHERE lower(c) IN (${sql.join(
          cityKeys.map((c) => sql`${c}`),
          sql`, `,
        )}))`,
      );
    if (countryCodes.length > 0)
      or.push(
        sql`j.country_code IN (${sql.join(
          countryCodes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
    return or.length > 0 ? sql`(${sql.join(or, sql` OR `)})` : null;
  };
  if (s.location) {
    const c = cities(s.location);
    if (c) parts.push(c);
  }
  if (s.experience !== null)
    parts.push(
      sql`coalesce(j.experience_min, 0) <= ${s.experience} AND coalesce(j.experience_max, 100) >= ${s.experience}`,
    );
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  for (const [key, values] of Object.entries(s.filters) as [FilterKey, string[]][]) {
    if (!values?.length) continue;
    switch (key) {
      case 'industries':
        parts.push(sql`j.industry_id IN (${list(values)})`);
        break;
      case 'functions':
        parts.push(sql`j.function_id IN (${list(values)})`);
        break;
      case 'employerTypes':
        parts.push(sql`j.employer_type IN (${list(values)})`);
        break;
      case 'jobTypes':
        parts.push(sql`j.job_type IN (${list(values)})`);
        break;
      case 'jobFreshness': {
        const days = Math.max(...values.map(Number));
        parts.push(
          sql`j.posted_at >= ${new Date(now.getTime() - days * 86_400_000).toISOString()}::timestamptz`,
        );
        break;
      }
      case 'experienceRanges': {
        const [min, max] = (values[0] as string).split('-').map(Number);
        parts.push(
          sql`coalesce(j.experience_min, 0) <= ${max} AND coalesce(j.experience_max, 100) >= ${min}`,
        );
        break;
      }
      case 'jobCities': {
        const c = cities(values.join(','));
        if (c) parts.push(c);
        break;
      }
      default:
        throw new Error(`baseline: filter ${key} is not in the mix`);
    }
  }
  return { where: sql.join(parts, sql` AND `), tsq };
}

export function baselineQuery(site: string, s: SearchState, now: Date): SQL {
  const { where, tsq } = baselineWhere(site, s, now);
  const offset = (s.page - 1) * 20;
  if (!tsq || s.sort === 'date')
    return sql`SELECT j.id, j.title FROM jobs j WHERE ${where}
      ORDER BY j.posted_at DESC LIMIT 20 OFFSET ${offset}`;
  return sql`SELECT j.id, j.title, ts_rank(j.search, ${tsq}) AS rank FROM jobs j WHERE ${where}
    ORDER BY rank DESC, j.posted_at DESC LIMIT 20 OFFSET ${offset}`;
}

/**
 * The page searchJobs must return, the slow way: every match gets its relevance tier (exact
 * title, words in title, in title/skills/company/cities, anywhere), sorted, then the page.
 */
export function referencePage(site: string, s: SearchState, now: Date): SQL {
  const { where, tsq } = baselineWhere(site, s, now);
  const k = readKeywords(s.q);
  const offset = (s.page - 1) * 20;
  const order =
    tsq && k && s.sort === 'relevance'
      ? sql`CASE WHEN search_key(j.title) IN (${sql.join(
          k.titleKeys.map((t) => sql`${t}`),
          sql`, `,
        )}) THEN 0
        WHEN to_tsvector('english', j.title) @@ ${tsq} THEN 1
        WHEN to_tsvector('english', j.title || ' ' || jobs_text_array(j.skills) || ' '
          || j.company_name || ' ' || jobs_text_array(j.locations)) @@ ${tsq} THEN 2
        ELSE 3 END, j.posted_at DESC, j.id DESC`
      : sql`j.posted_at DESC, j.id DESC`;
  return sql`SELECT array_agg(id) AS ids FROM (SELECT j.id FROM jobs j WHERE ${where}
    ORDER BY ${order} LIMIT 20 OFFSET ${offset}) p`;
}

export const toIds = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',').map(Number)
      : [];

/** The naive baseline's own search column and index (not part of the portal's schema). */
export async function addBaselineVector(db: Queryable): Promise<void> {
  process.stdout.write('  adding the baseline search column and index\n');
  await db.execute(sql`ALTER TABLE jobs ADD COLUMN IF NOT EXISTS search tsvector
    GENERATED ALWAYS AS (
      setweight(to_tsvector('english'::regconfig, title), 'A')
      || setweight(to_tsvector('english'::regconfig, jobs_text_array(skills)), 'B')
      || setweight(to_tsvector('english'::regconfig,
           company_name || ' ' || jobs_text_array(locations)), 'C')
      || setweight(to_tsvector('english'::regconfig, description), 'D')) STORED`);
  await db.execute(
    sql`CREATE INDEX IF NOT EXISTS bench_jobs_search_idx ON jobs USING gin (search)`,
  );
}
