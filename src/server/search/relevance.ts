/**
 * A relevance page when more than COUNT_CAP jobs match (engine.ts runSearch): read tier by tier
 * from the title, head and exact-title lists, taken from the candidates when they hold them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '~/lib/search/state';
import { queryRows, type Queryable } from '~/server/db/client';
import { jobsByIds, jobsJson, parseJobs, type JobSummary } from '~/server/jobs/service';
import type { Candidates } from './engine';
import { anyTag, hasDocTags, isExactTitle, tsquery, whereOf, type SearchConditions } from './query';
import { NEWEST, newestFirst, type Spans } from './windows';

/**
 * A title or head list read span by span goes through doc when at least this share of the
 * candidates belongs to it: it then reads at most ten times its length in rows, where its own
 * index would read every posting of the words, once per span ("team handling" in the head of
 * 22 % of its matches on India at a million jobs: 14,000 postings a span).
 */
const LIST_THROUGH_DOC = 0.1;
/** A relevance list expected to hold at most this many rows is read in one statement. */
const SMALL_LIST_ROWS = 1000;

/**
 * A relevance page when more than COUNT_CAP jobs match, read tier by tier; every list newest
 * first and at most a page's worth (offset + PAGE_SIZE) plus what earlier tiers may hold:
 * 1. one statement: tier 0 (exact title: title index, or with filter tags their d: tags in doc)
 *    and every title match (title GIN), plus
 *    every head match (title, skills, company, cities: head GIN) when the candidates suggest
 *    titles won't fill the page; it orders them (tier 1 = title matches not in tier 0, tier 2 =
 *    head matches not in the title ones) and returns the page's jobs when the lists reach it;
 * 2. else the head matches, then all matches (tier 3), as needed.
 * A list the candidates already hold (they are the newest matches, so they hold the newest
 * `limit` title or head matches when they count that many) is taken from them instead of read
 * again: a broad skill ("Unit Testing") used to read every match from the table twice.
 * Asking for supersets ("head matches") rather than differences ("head but not title") keeps
 * each condition one the planner estimates well: "head AND NOT title" looks common to it and is
 * rare (titles are in the head), and it walked a whole site looking for 20 such rows.
 */
export async function tieredPage(
  db: Queryable,
  c: SearchConditions,
  offset: number,
  cand: Candidates,
  spans: Spans | null,
  total: number,
): Promise<JobSummary[]> {
  const k = c.keywords;
  if (!k || k.stopWordsOnly) return [];
  const q = tsquery(k);
  const rest = whereOf(c, undefined, 'none');
  // With filter tags (a location, filters), a list read through its own index checks the tags
  // on the rows it finds: beside a small list, a GIN lookup of a common tag costs more than the
  // list ("Kuala Lumpur", 16,700 postings, 1.3 ms, for 297 title matches). On a site too small
  // for spans the location stays in the lookup: there a city's postings cost less than the
  // rows of a common list it narrows ("Team Handling" in Chennai: 1,378 head matches read to
  // keep 89). Exact titles are looked up in doc (their d: tags, with the filter tags), which
  // skips the tags' postings.
  const tagged = hasDocTags(c);
  const restChecked = tagged
    ? whereOf(c, undefined, spans ? 'tags-checked' : 'other-tags-checked')
    : rest;
  const exactTags = tagged ? anyTag(k.titleKeys.map((t) => `d:${t}`)) : null;
  const exactTitle = exactTags
    ? whereOf(c, undefined, { tags: exactTags })
    : sql`${rest} AND ${isExactTitle(k)}`;
  // Read span by span, a list that is not a small part of the matches (the candidates, the
  // newest matches, say which) is looked up in doc (which holds the title and the head) with
  // each span's days: one GIN lookup that skips older postings; title or head is then checked on
  // the rows found. "IS TRUE" keeps the planner off the title and head GIN indexes there: their
  // lookups read every posting of the words (69,000 for "communication skills" on India at a
  // million jobs, 11 ms a list). A list that is a small part of the matches keeps its own index:
  // through doc, its spans would read every match to find a few.
  const shareOf = (maxTier: number) =>
    cand.rows.length === 0
      ? 0
      : cand.rows.filter((r) => r.tier <= maxTier).length / cand.rows.length;
  // A list read through its own index that the candidates say is small (share of the estimated
  // total) is read in one statement: span by span, its index's lookup would be repeated per
  // span, and planning the spans costs more than reading it ("Regulatory Compliance" in titles
  // on the Gulf at a million jobs: no title match among the candidates, 1.5 ms of planning).
  const within = (column: SQL, share: number): { where: SQL; split: Spans | null } =>
    spans && share >= LIST_THROUGH_DOC
      ? { where: sql`${whereOf(c)} AND (${column} @@ ${q}) IS TRUE`, split: spans }
      : {
          where: sql`${restChecked} AND ${column} @@ ${q}`,
          split: share * total > SMALL_LIST_ROWS ? spans : null,
        };
  const inTitle = within(sql`search_jobs.title_tsv`, shareOf(1));
  const inHead = within(sql`search_jobs.head_tsv`, shareOf(2));
  const want = offset + PAGE_SIZE;
  const titleLimit = 2 * want;
  const headLimit = want + titleLimit;
  const withHead = cand.titled < want;
  // The candidates are the newest matches, so the newest matches of a tier or better are the
  // candidates' own when they hold `limit` of them: that list is read from them, not the table.
  const newestCand = [...cand.rows].sort((a, b) => b.posted - a.posted || b.id - a.id);
  const fromCandidates = (maxTier: number, limit: number, tier: number): SQL | null => {
    const rows = newestCand.filter((r) => r.tier <= maxTier).slice(0, limit);
    if (rows.length < limit) return null;
    return sql`(SELECT job_id, to_timestamp(posted) AS posted_at, ${tier}::int AS tier
      FROM unnest(${`{${rows.map((r) => r.id).join(',')}}`}::int8[],
        ${`{${rows.map((r) => r.posted).join(',')}}`}::float8[]) AS c(job_id, posted))`;
  };
  // Exact titles come newest first from their own index; word lists are read span by span.
  const newest = (where: SQL, limit: number, tier: number, split = spans) =>
    newestFirst(
      sql`search_jobs.job_id, search_jobs.posted_at, ${tier}::int AS tier`,
      where,
      NEWEST,
      limit,
      split,
    );
  const lists = [
    newest(exactTitle, want, 0, null),
    fromCandidates(1, titleLimit, 1) ?? newest(inTitle.where, titleLimit, 1, inTitle.split),
  ];
  if (withHead)
    lists.push(fromCandidates(2, headLimit, 2) ?? newest(inHead.where, headLimit, 2, inHead.split));
  const [row] = await queryRows<{ ids: unknown; titled: number; head: number; jobs: unknown }>(
    db,
    sql`WITH l AS (${sql.join(lists, sql` UNION ALL `)}),
      u AS (SELECT job_id, min(tier) AS tier, max(posted_at) AS posted_at FROM l GROUP BY job_id),
      o AS (SELECT array_agg(job_id ORDER BY tier, posted_at DESC, job_id DESC) AS ids FROM u)
    SELECT o.ids, (SELECT count(*)::int FROM l WHERE tier = 1) AS titled,
      (SELECT count(*)::int FROM l WHERE tier = 2) AS head,
      CASE WHEN coalesce(cardinality(o.ids), 0) >= ${want}::int
        THEN ${jobsJson(sql`o.ids[${offset + 1}::int:${want}::int]`)} END AS jobs
    FROM o`,
  );
  // The lists reach the page: no tier can come between (each list was long enough).
  if (typeof row?.jobs === 'string') return parseJobs(row.jobs);

  const order = toIds(row?.ids);
  const seen = new Set(order);
  const add = (list: number[]) => {
    for (const id of list) {
      if (!seen.has(id)) {
        seen.add(id);
        order.push(id);
      }
    }
  };
  const idsOf = async (where: SQL, limit: number, maxTier: number, split = spans) => {
    const known = newestCand.filter((r) => r.tier <= maxTier);
    if (known.length >= limit) return known.slice(0, limit).map((r) => r.id);
    return (
      await queryRows<{ job_id: unknown }>(
        db,
        sql`SELECT job_id FROM ${newest(where, limit, 0, split)} x`,
      )
    ).map((r) => Number(r.job_id));
  };
  // Fewer title matches than asked for: that's all of them; the head matches come next.
  if (Number(row?.titled ?? 0) < titleLimit) {
    let headComplete = withHead && Number(row?.head ?? 0) < headLimit;
    if (!withHead) {
      const head = await idsOf(inHead.where, headLimit, 2, inHead.split);
      add(head);
      headComplete = head.length < headLimit;
    }
    if (order.length < want && headComplete) add(await idsOf(whereOf(c), want + seen.size, 3));
  }
  return jobsByIds(db, order.slice(offset, want));
}

/**
 * The rows of relevance tiers 0-1 (every word in the title) among all the search's matches:
 * null with filter tags (a location, filters), whose lookup beside the title's would cost more
 * than the statement it may save.
 */
export function titleMatches(c: SearchConditions): SQL | null {
  const k = c.keywords;
  if (!k || k.stopWordsOnly || hasDocTags(c)) return null;
  return sql`${whereOf(c, undefined, 'none')}
    AND (${isExactTitle(k)} OR search_jobs.title_tsv @@ ${tsquery(k)})`;
}

const toIds = (value: unknown): number[] => {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string' && value.length > 2)
    return value.slice(1, -1).split(',').map(Number);
  return [];
};
