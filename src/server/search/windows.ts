/**
 * Newest-first lists read span by span of posting days (decisions 0050, 0058). A GIN lookup
 * finds every match of a search but in no useful order: taking the newest 201 of 2,000 matches
 * used to read all 2,000 rows from the table (the time of a search grew with its matches).
 * Instead, the list is a UNION ALL of the same search restricted to successive spans of days,
 * newest span first, under one LIMIT: PostgreSQL runs the branches in order and stops when the
 * LIMIT is reached. A span is its days' tags in doc (p:<YYYYMMDD>, search_index_jobs), so one GIN
 * lookup intersects the words, the filters and the span: the words' postings of older days are
 * skipped, not read (a posted_at range beside the lookup read them all, once per span). The
 * spans partition time, so the result is exactly the newest `limit` matches; only the rows of
 * the spans read are visited.
 *
 * Spans hold about FIRST_WINDOW_ROWS, then WINDOW_GROWTH times more rows each (the site's
 * posted_at histogram says when), widened to whole days (UTC); the last span is everything
 * older. Small sites (MIN_SPANS_PER_SITE) and sites without statistics (a new PGlite database)
 * are read in one statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { quoteLexeme } from './query';
import { shareSince, type SiteStats } from './stats';

/** Newest first: the order of every newest-first list. */
export const NEWEST = sql`search_jobs.posted_at DESC, search_jobs.job_id DESC`;

/** Rows of the site in the newest span. */
export const FIRST_WINDOW_ROWS = 2000;
/**
 * Sites with fewer rows than this many newest spans are read in one statement: the spans'
 * statement takes longer to plan, more than reading every match saves on a small site (at
 * 100,000 jobs, spans on sites of 20,000 rows and more made p95 3.7 -> 4.3 ms; decision 0058).
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

/** How a site's newest-first lists are split. */
export interface Spans {
  /** Where spans begin, newest first: day starts (UTC, seconds since the epoch). */
  borders: number[];
  /** The start of the day after today: jobs posted from then on are read before the spans. */
  top: number;
  /** Rows of the site's partition (statistics) and of its newest span. */
  siteRows: number;
  firstRows: number;
}

export const DAY_SECONDS = 86_400;
const dayStart = (seconds: number) => Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;

/** The tag search_index_jobs puts in doc for a job posted on the day beginning at `day`. */
export const postingDayTag = (day: number): string =>
  `p:${new Date(day * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`;

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

/** Whether a site is big enough to be read span by span (MIN_SPANS_PER_SITE). */
export const isSpannedSite = (stats: SiteStats | undefined, firstRows = FIRST_WINDOW_ROWS) =>
  (stats?.rows ?? 0) >= MIN_SPANS_PER_SITE * firstRows;

/**
 * The spans of a site (windowBorders, each border moved back to the start of its day); null when
 * it has none. `now` (seconds) says which day is today.
 */
export function spansOf(
  stats: SiteStats | undefined,
  firstRows = FIRST_WINDOW_ROWS,
  now = Date.now() / 1000,
): Spans | null {
  if (!stats || !isSpannedSite(stats, firstRows)) return null;
  const top = dayStart(now) + DAY_SECONDS;
  const borders: number[] = [];
  for (const border of windowBorders(stats, firstRows)) {
    const day = dayStart(border);
    if (day < top && (borders.length === 0 || day < (borders[borders.length - 1] as number)))
      borders.push(day);
  }
  if (borders.length === 0) return null;
  const siteRows = stats.rows ?? 0;
  // The newest span holds more rows than asked once widened to whole days.
  const share = shareSince(stats.postedBounds, borders[0] as number);
  return {
    borders,
    top,
    siteRows,
    firstRows: share === null ? firstRows : Math.max(firstRows, Math.round(share * siteRows)),
  };
}

/** `doc` holds the tag of one of the days of [from, to) (day starts). */
function postedOnDays(from: number, to: number): SQL {
  const tags: string[] = [];
  for (let day = from; day < to; day += DAY_SECONDS) tags.push(quoteLexeme(postingDayTag(day)));
  return sql`search_jobs.doc @@ ${tags.join(' | ')}::tsquery`;
}

const at = (seconds: number) => sql`${new Date(seconds * 1000).toISOString()}::timestamptz`;

/**
 * A search's conditions with a span's added where they help most: inside each alternative of an
 * OR (the facets' union, query.ts whereOfUnion), so each GIN lookup intersects the span itself.
 */
export type SpannedWhere = (span: SQL | null) => SQL;

/**
 * `SELECT columns FROM search_jobs WHERE where ORDER BY order LIMIT limit`, read span by span
 * when there are borders (`order` must then be newest first: posted_at DESC, job_id DESC).
 * A subquery in parentheses, to be used as a FROM item or a UNION ALL branch.
 *
 * Jobs posted after today (none, unless a feed dates them ahead) come first, then the newest
 * span. When its matches say the search is sparse (fewer than SPARSE_LIMITS times `limit`
 * matches expected in the whole site at that rate), everything older is read in one branch,
 * which costs what one statement did (one GIN lookup, every older match); else span after span,
 * each one GIN lookup of its days, then everything older. The branches not taken are never run
 * (a one-time filter). Spans are read through the GIN lookup and sorted (SPARSE_ORDER): walking
 * the posted_at index from the newest job would cross every newer span first.
 */
export function newestFirst(
  columns: SQL,
  where: SQL | SpannedWhere,
  order: SQL,
  limit: number,
  split: Spans | null,
): SQL {
  const within = (span: SQL | null) =>
    typeof where === 'function' ? where(span) : span ? sql`${where} AND ${span}` : where;
  const branch = (span: SQL | null, gate: SQL | null = null, by = order) =>
    sql`(SELECT ${columns} FROM search_jobs WHERE ${within(span)}${
      gate ? sql` AND ${gate}` : sql``
    } ORDER BY ${by} LIMIT ${limit})`;
  if (!split || split.borders.length === 0) return branch(null);
  const { borders, top, siteRows, firstRows } = split;
  const border = (i: number) => borders[i] as number;
  const days: SQL[] = borders.map((_, i) => postedOnDays(border(i), i === 0 ? top : border(i - 1)));
  const oldest = sql`search_jobs.posted_at < ${at(border(borders.length - 1))}`;
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
    branch(sql`search_jobs.posted_at >= ${at(top)}`),
    sql`(SELECT * FROM first_span)`,
    ...days.slice(1).map((span) => branch(span, dense, SPARSE_ORDER)),
    branch(oldest, dense),
    branch(sql`search_jobs.posted_at < ${at(border(0))}`, sql`NOT ${dense}`, SPARSE_ORDER),
  ];
  return sql`(WITH first_span AS MATERIALIZED ${branch(days[0] as SQL, null, SPARSE_ORDER)}
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) spans LIMIT ${limit})`;
}

/**
 * A search expected to match fewer than this many times its limit is read in two branches. Low:
 * a span's GIN lookup costs in proportion to its days, so reading span by span costs little more
 * than one lookup even for a sparse search, and stops as soon as the limit is reached; the
 * second branch reads every older match (10 here read 2,533 rows where the spans read 230).
 */
export const SPARSE_LIMITS = 2;

/**
 * Newest first, in a form no index gives: the sparse branch is then read through the GIN lookup
 * and sorted. Planned as the newest order, a search the planner thinks common ('project' &
 * 'manag' & !'construct': 5,725 rows expected, 795 there) walked the posted_at index through
 * 36,000 rows of a 149,000-row site to find its 193 older matches (decision 0057).
 */
const SPARSE_ORDER = sql`search_jobs.posted_at + interval '0 seconds' DESC, search_jobs.job_id DESC`;
