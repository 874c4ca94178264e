/**
 * New jobs for many saved searches at once (job alerts): for each search, the best `limit` jobs
 * the portal received in (since, until] (received, not posted: a feed entry that arrives after
 * its datePosted is not lost, and a job is never new twice) and posted at most MAX_LATE_DAYS
 * before the window, with the results page's own conditions (query.ts buildConditions)
 * and relevance tiers, best tier first and newest first within a tier.
 *
 * Set-based: one statement answers a whole chunk of searches (a UNION ALL of small, index-backed
 * subqueries, each bounded by LIMIT), so 10,000 alerts cost a few dozen round trips, not 10,000
 * searches (bench/alerts.ts measures it).
 */
import { sql, type SQL } from 'drizzle-orm';
import { siteByContext } from '../../../sites';
import type { SearchState } from '~/lib/search/state';
import { queryRows, type Queryable } from '~/server/db/client';
import { NEWEST } from './windows';
import { buildConditions, tierExpression, whereOf } from './query';

export interface MatchRequest {
  /** Whatever identifies the search for the caller (an alert id). */
  key: string;
  state: SearchState;
  since: Date;
}

/**
 * How late a feed may deliver a job and still have it mailed as new: a job posted more than this
 * before the alert's window opened is old news, however late it arrived.
 */
export const MAX_LATE_DAYS = 7;
const postedAfter = (since: Date) =>
  new Date(since.getTime() - MAX_LATE_DAYS * 86_400_000).toISOString();

/** Searches per statement: big enough to save round trips, small enough to plan fast. */
const CHUNK = 100;

/** The ids of matching jobs per request key, best first (keys without matches are left out). */
export async function newJobsMatching(
  db: Queryable,
  siteContext: string,
  requests: readonly MatchRequest[],
  options: { until: Date; limit?: number },
): Promise<Map<string, number[]>> {
  const site = siteByContext(siteContext);
  const out = new Map<string, number[]>();
  if (!site || requests.length === 0) return out;
  const limit = Math.max(1, Math.min(50, options.limit ?? 10));
  const until = options.until.toISOString();
  for (let i = 0; i < requests.length; i += CHUNK) {
    const parts: SQL[] = requests.slice(i, i + CHUNK).map((r, n) => {
      const c = buildConditions(site, r.state, options.until);
      const tier = c.keywords ? tierExpression(c.keywords) : sql`0`;
      return sql`(SELECT ${i + n}::int AS n, search_jobs.job_id, search_jobs.posted_at,
          ${tier} AS tier
        FROM search_jobs WHERE ${whereOf(c)}
          AND search_jobs.received_at > ${r.since.toISOString()}::timestamptz
          AND search_jobs.received_at <= ${until}::timestamptz
          AND search_jobs.posted_at > ${postedAfter(r.since)}::timestamptz
        ORDER BY 4, ${NEWEST} LIMIT ${limit})`;
    });
    const rows = await queryRows<{ n: number; ids: string | number[] }>(
      db,
      sql`SELECT m.n, array_agg(m.job_id ORDER BY m.tier, m.posted_at DESC, m.job_id DESC)::text AS ids
        FROM (${sql.join(parts, sql` UNION ALL `)}) m GROUP BY m.n`,
    );
    for (const row of rows) {
      const request = requests[Number(row.n)];
      const ids =
        typeof row.ids === 'string'
          ? row.ids.slice(1, -1).split(',').filter(Boolean).map(Number)
          : row.ids.map(Number);
      if (request && ids.length > 0) out.set(request.key, ids);
    }
  }
  return out;
}
