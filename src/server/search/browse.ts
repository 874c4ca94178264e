/**
 * Counts of a site's open jobs per job function, industry, role, city and company, read from the
 * search index itself (search_jobs, the rows every search reads), so a count shown on a browse
 * page is what a search filtered by that value finds. Exact, unlike a search's total beyond
 * COUNT_CAP. Labels are the spelling most jobs use (from facet_data: its fields are listed in
 * facet-data.ts FACET_FIELDS).
 */
import { sql, type SQL } from 'drizzle-orm';
import { getReadDb, queryRows, type Queryable } from '~/server/db/client';
import { FACET_FIELDS } from './facet-data';
import { siteRegions } from './places';
import { siteIs } from './query';

export interface IdCount {
  id: number;
  count: number;
}

export interface NamedCount {
  /** search_key of the value (lower case, single spaces). */
  key: string;
  /** The spelling most jobs use. */
  label: string;
  count: number;
}

/** Which of a site's jobs: all, or those of one function or industry. */
export interface BrowseScope {
  functionId?: number;
  industryId?: number;
}

/** split_part position (1-based) of a facet_data field. */
const field = (name: (typeof FACET_FIELDS)[number]) =>
  sql.raw(`split_part(search_jobs.facet_data, chr(31), ${FACET_FIELDS.indexOf(name) + 1})`);

function scopeOf(siteContext: string, scope: BrowseScope): SQL {
  const parts = [siteIs(siteContext)];
  if (scope.functionId !== undefined)
    parts.push(sql`search_jobs.function_id = ${scope.functionId}`);
  if (scope.industryId !== undefined)
    parts.push(sql`search_jobs.industry_id = ${scope.industryId}`);
  return sql.join(parts, sql` AND `);
}

const toIdCounts = (rows: { id: number; n: number }[]) =>
  rows.map((r) => ({ id: Number(r.id), count: Number(r.n) }));
const toNamed = (rows: { key: string; label: string; n: number }[]) =>
  rows.map((r) => ({ key: r.key, label: r.label, count: Number(r.n) }));

/** Open jobs of a site (in a scope) per value of an id column, most first. */
async function idCounts(
  column: 'function_id' | 'industry_id',
  siteContext: string,
  scope: BrowseScope,
  db?: Queryable,
): Promise<IdCount[]> {
  const id = sql.raw(column);
  return toIdCounts(
    await queryRows<{ id: number; n: number }>(
      db ?? (await getReadDb()),
      sql`SELECT ${id} AS id, count(*)::int AS n FROM search_jobs
        WHERE ${scopeOf(siteContext, scope)} AND ${id} IS NOT NULL
        GROUP BY ${id} ORDER BY n DESC, id`,
    ),
  );
}

/** Open jobs of a site (in a scope) per job function id, most first. */
export const functionCounts = (siteContext: string, scope: BrowseScope = {}, db?: Queryable) =>
  idCounts('function_id', siteContext, scope, db);

/** Open jobs of a site (in a scope) per industry id, most first. */
export const industryCounts = (siteContext: string, scope: BrowseScope = {}, db?: Queryable) =>
  idCounts('industry_id', siteContext, scope, db);

/** Open jobs of a site (in a scope) per key column, labelled with the most used spelling. */
async function keyedCounts(
  column: 'role_key' | 'company_key',
  label: 'role' | 'company',
  siteContext: string,
  scope: BrowseScope,
  db: Queryable | undefined,
  limit: number,
): Promise<NamedCount[]> {
  const key = sql.raw(column);
  return toNamed(
    await queryRows<{ key: string; label: string; n: number }>(
      db ?? (await getReadDb()),
      sql`SELECT ${key} AS key, mode() WITHIN GROUP (ORDER BY ${field(label)}) AS label,
          count(*)::int AS n
        FROM search_jobs WHERE ${scopeOf(siteContext, scope)} AND ${key} IS NOT NULL
        GROUP BY ${key} ORDER BY n DESC, ${key} LIMIT ${limit}`,
    ),
  );
}

/** Open jobs per role, most first (at most `limit`). */
export const roleCounts = (
  siteContext: string,
  scope: BrowseScope = {},
  db?: Queryable,
  limit = 1000,
) => keyedCounts('role_key', 'role', siteContext, scope, db, limit);

/** Open jobs per employer (by name), most first (at most `limit`). */
export const companyCounts = (
  siteContext: string,
  scope: BrowseScope = {},
  db?: Queryable,
  limit = 1000,
) => keyedCounts('company_key', 'company', siteContext, scope, db, limit);

/** Open jobs per city (a job in two cities counts in both), most first (at most `limit`). */
export async function cityCounts(
  siteContext: string,
  scope: BrowseScope = {},
  db?: Queryable,
  limit = 1000,
): Promise<NamedCount[]> {
  return toNamed(
    await queryRows<{ key: string; label: string; n: number }>(
      db ?? (await getReadDb()),
      sql`SELECT search_key(c) AS key, mode() WITHIN GROUP (ORDER BY c) AS label,
          count(DISTINCT search_jobs.job_id)::int AS n
        FROM search_jobs, unnest(string_to_array(${field('cities')}, chr(30))) AS c
        WHERE ${scopeOf(siteContext, scope)} AND search_key(c) <> ''
        GROUP BY search_key(c) ORDER BY n DESC, key LIMIT ${limit}`,
    ),
  );
}

/**
 * Open jobs per region of the site (a job counts once in a region, whichever of its cities lie
 * there), as the jobStates filter finds them; regions without jobs are left out, most first.
 */
export async function regionCounts(siteContext: string, db?: Queryable): Promise<NamedCount[]> {
  const pairs = siteRegions(siteContext).flatMap((r) =>
    r.cityKeys.map((city) => [city, r.name] as const),
  );
  if (pairs.length === 0) return [];
  const cities = `{${pairs.map(([c]) => JSON.stringify(c)).join(',')}}`;
  const regions = `{${pairs.map(([, r]) => JSON.stringify(r)).join(',')}}`;
  const rows = await queryRows<{ label: string; n: number }>(
    db ?? (await getReadDb()),
    sql`WITH r AS (SELECT * FROM unnest(${cities}::text[], ${regions}::text[]) AS r(city, region))
      SELECT r.region AS label, count(DISTINCT search_jobs.job_id)::int AS n
      FROM search_jobs, unnest(search_jobs.city_keys) AS c JOIN r ON r.city = c
      WHERE ${siteIs(siteContext)} GROUP BY r.region ORDER BY n DESC, r.region`,
  );
  return rows.map((r) => ({ key: r.label.toLowerCase(), label: r.label, count: Number(r.n) }));
}
