/**
 * Newest-first lists read span by span of posting time (decision 0050). A GIN lookup finds
 * every match of a search but in no useful order: taking the newest 201 of 2,000 matches used to
 * read all 2,000 rows from the table (the time of a search grew with its matches). Instead, the
 * list is a UNION ALL of the same search restricted to successive spans of posting time, newest
 * span first, under one LIMIT: PostgreSQL runs the branches in order and stops when the LIMIT is
 * reached, and each branch intersects the GIN lookup with a posted_at index range (BitmapAnd) or
 * walks the posted_at index, whichever the planner finds cheaper. The spans partition time, so
 * the result is exactly the newest `limit` matches; only the rows of the spans read are visited.
 *
 * Spans hold about FIRST_WINDOW_ROWS, then WINDOW_GROWTH times more rows each (the site's
 * posted_at histogram says when), so a search reads at most a few times the rows it needs;
 * the last span is everything older. Small sites (MIN_SPANS_PER_SITE) and sites without
 * statistics (a new PGlite database) are read in one statement, as before.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SiteStats } from './stats';

/** Rows of the site in the newest span. */
export const FIRST_WINDOW_ROWS = 2000;
/**
 * Sites with fewer rows than this many newest spans are read in one statement: spans cost a
 * GIN lookup and planning each (about half a millisecond a search at 100,000 jobs, more than
 * they saved there), and save reading rows in proportion to the site's size.
 */
export const MIN_SPANS_PER_SITE = 50;
/** Each span holds this many times the rows of the one before. */
export const WINDOW_GROWTH = 4;

/**
 * The time (seconds since the epoch) after which `share` of the rows were posted, from an
 * equi-depth histogram (interpolating within a bucket); null without one.
 */
export function timeOfNewestShare(bounds: readonly number[], share: number): number | null {
  const buckets = bounds.length - 1;
  if (buckets < 1 || share <= 0 || share >= 1) return null;
  const at = buckets * (1 - share);
  const i = Math.min(buckets - 1, Math.floor(at));
  const lo = bounds[i] as number;
  const hi = bounds[i + 1] as number;
  return lo + (at - i) * (hi - lo);
}

/** How a site's newest-first lists are split: borders newest first (seconds since the epoch). */
export interface Spans {
  borders: number[];
  /** Rows of the site's partition (statistics) and of its newest span. */
  siteRows: number;
  firstRows: number;
}

/**
 * The borders between spans, newest first (seconds since the epoch): none when the site is too
 * small for spans to help or has no statistics.
 */
export function windowBorders(
  stats: SiteStats | undefined,
  firstRows = FIRST_WINDOW_ROWS,
): number[] {
  if (!stats || stats.rows === null || stats.postedBounds.length < 2) return [];
  const out: number[] = [];
  for (let rows = firstRows; rows * 2 <= stats.rows; rows *= WINDOW_GROWTH) {
    const t = timeOfNewestShare(stats.postedBounds, rows / stats.rows);
    if (t !== null && (out.length === 0 || t < (out[out.length - 1] as number))) out.push(t);
  }
  return out;
}

/** The spans of a site (windowBorders); null when it has none. */
export function spansOf(stats: SiteStats | undefined, firstRows = FIRST_WINDOW_ROWS): Spans | null {
  if ((stats?.rows ?? 0) < MIN_SPANS_PER_SITE * firstRows) return null;
  const borders = windowBorders(stats, firstRows);
  return borders.length > 0 ? { borders, siteRows: stats?.rows ?? 0, firstRows } : null;
}

const at = (seconds: number) => sql`${new Date(seconds * 1000).toISOString()}::timestamptz`;

/**
 * `SELECT columns FROM search_jobs WHERE where ORDER BY order LIMIT limit`, read span by span
 * when there are borders (`order` must then be newest first: posted_at DESC, job_id DESC).
 * A subquery in parentheses, to be used as a FROM item or a UNION ALL branch.
 *
 * The newest span is read first. When its matches say the search is sparse (fewer than
 * SPARSE_LIMITS times `limit` matches expected in the whole site at that rate), everything
 * older is read in one branch, which costs what one statement did (one GIN lookup, every older
 * match); else span after span. The branches not taken are never run (a one-time filter).
 */
export function newestFirst(
  columns: SQL,
  where: SQL,
  order: SQL,
  limit: number,
  split: Spans | null,
): SQL {
  const branch = (span: SQL | null, gate: SQL | null = null, by = order) =>
    sql`(SELECT ${columns} FROM search_jobs WHERE ${where}${span ? sql` AND ${span}` : sql``}${
      gate ? sql` AND ${gate}` : sql``
    } ORDER BY ${by} LIMIT ${limit})`;
  if (!split || split.borders.length === 0) return branch(null);
  const { borders, siteRows, firstRows } = split;
  const border = (i: number) => at(borders[i] as number);
  const spans: SQL[] = borders.map((_, i) =>
    i === 0
      ? sql`search_jobs.posted_at >= ${border(0)}`
      : sql`search_jobs.posted_at >= ${border(i)} AND search_jobs.posted_at < ${border(i - 1)}`,
  );
  spans.push(sql`search_jobs.posted_at < ${border(borders.length - 1)}`);
  // Matches in the newest span that make the search dense enough for more spans.
  // (A newest span at least half made of matches is dense whatever the site.)
  const denseFrom = Math.max(
    1,
    Math.min(
      Math.ceil(firstRows / 2),
      Math.ceil((SPARSE_LIMITS * limit * firstRows) / (siteRows || 1)),
    ),
  );
  const dense = sql`(SELECT count(*) >= ${denseFrom} FROM first_span)`;
  const branches = [
    sql`(SELECT * FROM first_span)`,
    ...spans.slice(1).map((span) => branch(span, dense)),
    branch(sql`search_jobs.posted_at < ${border(0)}`, sql`NOT ${dense}`, SPARSE_ORDER),
  ];
  return sql`(WITH first_span AS MATERIALIZED ${branch(spans[0] as SQL)}
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) spans LIMIT ${limit})`;
}

/** A search expected to match fewer than this many times its limit is read in two branches. */
export const SPARSE_LIMITS = 10;

/**
 * Newest first, in a form no index gives: the sparse branch is then read through the GIN lookup
 * and sorted. Planned as the newest order, a search the planner thinks common ('project' &
 * 'manag' & !'construct': 5,725 rows expected, 795 there) walked the posted_at index through
 * 36,000 rows of a 149,000-row site to find its 193 older matches (decision 0057).
 */
const SPARSE_ORDER = sql`search_jobs.posted_at + interval '0 seconds' DESC, search_jobs.job_id DESC`;
