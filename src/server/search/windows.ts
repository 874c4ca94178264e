/**
 * Newest-first lists read window by window (decision 0005, "time windows"). A GIN lookup finds
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
 * the last span is everything older. Without statistics (a new PGlite database) there is one
 * span, the old single statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SiteStats } from './stats';

/** Rows of the site in the newest span. */
export const FIRST_WINDOW_ROWS = 1000;
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

const at = (seconds: number) => sql`${new Date(seconds * 1000).toISOString()}::timestamptz`;

/**
 * `SELECT columns FROM search_jobs WHERE where ORDER BY order LIMIT limit`, read span by span
 * when there are borders (`order` must then be newest first: posted_at DESC, job_id DESC).
 * A subquery in parentheses, to be used as a FROM item or a UNION ALL branch.
 */
export function newestFirst(
  columns: SQL,
  where: SQL,
  order: SQL,
  limit: number,
  borders: readonly number[],
): SQL {
  const branch = (span: SQL | null) =>
    sql`(SELECT ${columns} FROM search_jobs WHERE ${where}${span ? sql` AND ${span}` : sql``}
      ORDER BY ${order} LIMIT ${limit})`;
  if (borders.length === 0) return branch(null);
  const spans: SQL[] = borders.map((t, i) =>
    i === 0
      ? sql`search_jobs.posted_at >= ${at(t)}`
      : sql`search_jobs.posted_at >= ${at(t)} AND search_jobs.posted_at < ${at(borders[i - 1] as number)}`,
  );
  spans.push(sql`search_jobs.posted_at < ${at(borders[borders.length - 1] as number)}`);
  return sql`(SELECT * FROM (${sql.join(spans.map(branch), sql` UNION ALL `)}) spans LIMIT ${limit})`;
}
