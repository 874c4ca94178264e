/**
 * What the search service knows about each site's partition of search_jobs without scanning it:
 * the planner's statistics (row count and the posted_at histogram), read from the catalog and
 * kept for a few minutes. Used to estimate how many jobs a broad search matches from the newest
 * of them (estimateMatches), and kept fresh on PGlite, which has no autovacuum to ANALYZE.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '~/server/db/client';

/** How long catalog statistics are reused. */
export const STATS_TTL_MS = 5 * 60_000;

export interface SiteStats {
  /** Rows of the site's partition at its last ANALYZE (null: never analyzed). */
  rows: number | null;
  /** posted_at histogram bounds (seconds since the epoch), ascending; [] without statistics. */
  postedBounds: number[];
}

let cache: { at: number; db: Queryable; value: Promise<Map<string, SiteStats>> } | undefined;

/** The statistics of every site partition (one catalog query, cached per database). */
export function siteStats(db: Queryable): Promise<Map<string, SiteStats>> {
  if (cache && cache.db === db && Date.now() - cache.at < STATS_TTL_MS) return cache.value;
  const value = loadStats(db);
  cache = { at: Date.now(), db, value };
  value.catch(() => {
    if (cache?.value === value) cache = undefined;
  });
  return value;
}

/** Forgets cached statistics (after an ANALYZE, and in tests). */
export function forgetSiteStats(): void {
  cache = undefined;
}

async function loadStats(db: Queryable): Promise<Map<string, SiteStats>> {
  const rows = await queryRows<{ site: string; reltuples: number; bounds: unknown }>(
    db,
    sql`SELECT substr(c.relname, length('search_jobs_') + 1) AS site, c.reltuples::float8 AS reltuples,
        (SELECT array_agg(extract(epoch FROM b)::float8 ORDER BY b)
          FROM pg_stats s, unnest(s.histogram_bounds::text::timestamptz[]) b
          WHERE s.schemaname = current_schema() AND s.tablename = c.relname
            AND s.attname = 'posted_at') AS bounds
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'search_jobs'::regclass`,
  );
  const out = new Map<string, SiteStats>();
  for (const row of rows) {
    const reltuples = Number(row.reltuples);
    out.set(row.site, {
      rows: reltuples >= 0 ? reltuples : null,
      postedBounds: parseBounds(row.bounds),
    });
  }
  return out;
}

/** A float8[] as the driver returns it (an array, or its text form) → numbers. */
export function parseBounds(value: unknown): number[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',')
      : [];
  return list.map(Number).filter((n) => Number.isFinite(n));
}

/**
 * The share of rows posted at or after `since`, from an equi-depth histogram (every bucket holds
 * the same share), interpolating within the bucket; null when `since` lies beyond the histogram
 * (jobs posted after the last ANALYZE) or there is none.
 */
export function shareSince(bounds: readonly number[], since: number): number | null {
  const buckets = bounds.length - 1;
  if (buckets < 1) return null;
  const first = bounds[0] as number;
  const last = bounds[buckets] as number;
  if (since <= first) return 1;
  if (since >= last) return null;
  let i = 0;
  while (i < buckets && (bounds[i + 1] as number) <= since) i++;
  const lo = bounds[i] as number;
  const hi = bounds[i + 1] as number;
  const within = hi > lo ? (hi - since) / (hi - lo) : 0;
  return (buckets - i - 1 + within) / buckets;
}

/**
 * How many jobs of the site a search matches, from its newest `sampled` matches, the oldest of
 * which was posted at `since`: matches are assumed as frequent among older jobs as among the
 * newer ones, and the histogram says what share of the site's jobs were posted since then. This
 * beats the planner's own estimate for keywords, which takes words as independent ("unit" and
 * "testing" are not: it was seen 5 times too low). With a freshness filter (notBefore), only the
 * span it leaves counts. Null when the statistics can't say.
 */
export async function estimateMatches(
  db: Queryable,
  siteContext: string,
  since: number,
  sampled: number,
  notBefore: number | null = null,
): Promise<number | null> {
  const stats = (await siteStats(db)).get(siteContext);
  if (!stats || stats.rows === null || stats.rows <= 0) return null;
  const share = shareSince(stats.postedBounds, since);
  if (share === null || share <= 0) return null;
  // A freshness filter: no match is older than notBefore, so only that span is extrapolated to.
  const span = notBefore === null ? 1 : (shareSince(stats.postedBounds, notBefore) ?? share);
  return Math.min(stats.rows, Math.round((sampled * Math.max(span, share)) / share));
}

/** A node-postgres pool (a server: statements in parallel, autovacuum), not PGlite. */
export function isPool(db: Queryable): boolean {
  const client = (db as { $client?: { totalCount?: unknown } }).$client;
  return typeof client?.totalCount === 'number';
}

let lastMaintenance = 0;

/**
 * ANALYZE what changed a lot since its last ANALYZE, at most once per STATS_TTL_MS, on PGlite
 * (a PostgreSQL server's autovacuum does this there; `force` runs it anyway). PGlite has no
 * autovacuum, and without statistics the planner can't tell a sparse search from a dense one. The live row count comes from search_terms (every
 * indexed job has one title term), so the check costs one small query.
 */
export async function maintainSearchStats(db: Queryable, force = false): Promise<string[]> {
  if (!force && (isPool(db) || Date.now() - lastMaintenance < STATS_TTL_MS)) return [];
  lastMaintenance = Date.now();
  const rows = await queryRows<{
    relname: string;
    reltuples: number;
    live: number | null;
    analyzed: boolean;
  }>(
    db,
    sql`SELECT c.relname, c.reltuples::float8 AS reltuples,
        (SELECT sum(t.job_count)::float8 FROM search_terms t
          WHERE t.kind = 'title' AND 'search_jobs_' || t.site_context = c.relname) AS live,
        EXISTS (SELECT 1 FROM pg_stats s
          WHERE s.schemaname = current_schema() AND s.tablename = c.relname) AS analyzed
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'search_jobs'::regclass`,
  );
  const stale = rows.filter((r) => {
    const live = Number(r.live ?? 0);
    const known = Number(r.reltuples);
    if (known < 0) return live > 0;
    // CREATE INDEX after a bulk load sets the row count but no column statistics: without them
    // the planner guesses a few rows per site and picks nested loops over whole partitions.
    if (!r.analyzed) return known > 0;
    return Math.abs(live - known) > 100 + 0.1 * known;
  });
  for (const { relname } of stale) {
    if (!/^search_jobs_[a-z]+$/.test(relname)) continue;
    await db.execute(sql.raw(`ANALYZE ${relname}`));
  }
  if (stale.length > 0) {
    await db.execute(sql`ANALYZE search_terms`);
    forgetSiteStats();
  }
  return stale.map((r) => r.relname);
}
