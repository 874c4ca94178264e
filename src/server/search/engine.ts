/**
 * How a search runs over search_jobs (service.ts is the public face; bench/search.ts measures
 * this). Every statement is bounded: however many jobs match, a search reads at most
 * COUNT_CAP + 1 candidate rows and a few page-sized, index-ordered lists.
 *
 * 1. Candidates: the newest matching rows of the site's partition, at most COUNT_CAP + 1. A GIN
 *    lookup finds sparse matches; for dense ones (a browse, a broad word) the posted_at index is
 *    walked and stops early. One statement returns how many there are, their facet_data lines,
 *    how many are title matches, and (when the candidates can answer it) the page's jobs.
 * 2. When at most COUNT_CAP jobs match, the candidates are all of them: total, relevance order
 *    and facets are exact. Beyond that, the total is estimated from the candidates (stats.ts:
 *    totalExact false), facets are counted over them and scaled up (facetsExact false), and a
 *    relevance page is read tier by tier (tieredPage), unless the candidates hold every title
 *    match of the site and reach the page (see candidates).
 * 3. Facets are disjunctive: the values of a filter key in use are counted with every OTHER
 *    filter applied. With filters in use, the candidates are those of the union of these sets
 *    (jobs failing at most one filter); JavaScript tests each row against each filter
 *    (facets.ts filterPredicate). When that union is small enough, the search itself is the rows
 *    passing every filter, and one statement answers everything; else the search's own
 *    candidates are read too.
 * 4. The page's jobs come from `jobs` as JSON, in the same statement when possible.
 *
 * Relevance: tier 0 an exact title match ("Java Developer" for java developer), tier 1 every word
 * in the title, tier 2 every word in title, skills, company or cities, tier 3 the description
 * too; newest first within a tier. ts_rank is never computed: ranking every match by it is what
 * makes broad queries slow.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { MAX_PAGE, PAGE_SIZE, type FilterKey, type SearchState } from '~/lib/search/state';
import type { Lang, Site } from '~/lib/sites/schema';
import { queryRows, type Queryable } from '~/server/db/client';
import { jobsByIds, jobsJson, parseJobs, type JobSummary } from '~/server/jobs/service';
import {
  countFacets,
  FACET_KEYS,
  filterPredicate,
  facetJobOf,
  scaleFacetCounts,
  type FacetContext,
  type FacetJob,
  type FacetKey,
} from './facets';
import { nameUnlistedCompanies } from './company-names';
import { loadSiteWords, siteWords } from './dictionary';
import { regionCityKeys, resolveLocation } from './places';
import { buildConditions, hasDocTags, tierExpression, whereOf, whereOfUnion } from './query';
import { estimateMatches, isPool, shareSince, siteStats } from './stats';
import { tieredPage, titleMatches } from './relevance';
import {
  isSpannedSite,
  NEWEST,
  newestFirst,
  spansOf,
  type SpannedWhere,
  type Spans,
} from './windows';
import type { FacetValue, SearchResult } from './types';

/**
 * Exact totals, relevance order and facets up to this many matches. Beyond it the total is an
 * estimate and facets are counted over the newest COUNT_CAP + 1 matches (then scaled up): what a
 * search costs stays bounded however many jobs match (see bench/search.ts).
 */
export const COUNT_CAP = 200;

export interface SearchOptions {
  /** Language of country names in the jobCountries facet (default en). */
  lang?: Lang;
  /** "Now" for freshness and walk-in dates (tests). */
  now?: Date;
  /** Rows in the newest span of posting time (windows.ts; tests make it small). */
  windowRows?: number;
  /**
   * Filter keys that are the page's scope, not a choice (a company page's company): they filter
   * like the others but get no facet, so no other values of them are counted (decision 0077).
   */
  scope?: readonly FilterKey[];
}

export type Mode = 'search' | 'walkin';

/** The search's own candidates, total and page (and the facets of the keys not in use). */
interface Settled {
  rows: CandidateRow[];
  total: number;
  totalExact: boolean;
  pageJobs: JobSummary[];
  facets?: Partial<Record<FilterKey, FacetValue[]>>;
}

// ---------------------------------------------------------------------------------------------
// Candidates

/** One candidate row: its place in the orders, and its facet values. */
export interface CandidateRow {
  id: number;
  tier: number;
  /** posted_at, seconds since the epoch (with fractions). */
  posted: number;
  job: FacetJob;
}

export interface Candidates {
  /** Candidate rows read: min(matches, cap). */
  n: number;
  rows: CandidateRow[];
  /** posted_at of the oldest candidate (seconds since the epoch), null without candidates. */
  oldest: number | null;
  /** Candidates of relevance tier 0 (exact title), and of tiers 0-1 (title matches). */
  tier0: number;
  titled: number;
  /** The page's jobs, when asked for and the candidates could answer it. */
  jobs: JobSummary[] | null;
}

/**
 * The candidates statement: the first `cap` matching rows in `order`, each as one line (id, tier,
 * posted_at and facet_data), plus their tally; with `page`, also the jobs of rows
 * page.offset..+PAGE_SIZE in page.order, built only when that is the search's page: when the
 * candidates hold every match, or page.anyway, or they hold enough exact-title matches for it
 * (those are the newest exact-title matches of all). Else the page is read otherwise.
 */
export async function candidates(
  db: Queryable,
  where: SQL | SpannedWhere,
  order: SQL,
  options: {
    tier?: SQL;
    extraColumns?: SQL;
    /**
     * anyway: the candidates' order is the search's own even when they are a sample.
     * titleMatches: the rows of relevance tiers 0-1 (title matches) in the whole site; when
     * every one of them is a candidate, the candidates hold a relevance page that title
     * matches don't fill (see candidates).
     */
    page?: { order: SQL; offset: number; anyway: boolean; titleMatches?: SQL | null };
    cap?: number;
    /** Spans of posting time to read newest first (windows.ts); only with the newest order. */
    spans?: Spans | null;
  } = {},
): Promise<Candidates> {
  const cap = options.cap ?? COUNT_CAP + 1;
  const tier = options.tier ?? sql`0`;
  const page = options.page;
  const want = page ? page.offset + PAGE_SIZE : 0;
  // A relevance page is tiers 0-1 (title matches), then the newest of tier 2 and so on. When
  // the site's title matches are all candidates (the lookup finds no more than the candidates
  // hold) and the candidates reach the page with tier 2, those tier 2 rows are the newest of
  // the site: the page is the candidates' own (a broad skill: no second statement).
  const titlesHeld = page?.titleMatches
    ? sql` OR (t.upto2 >= ${want}::int AND t.titled < ${want}::int
        AND (SELECT count(*) FROM (SELECT 1 FROM search_jobs WHERE ${page.titleMatches}
          LIMIT t.titled + 1) m) = t.titled)`
    : sql``;
  const pageJobs = page
    ? sql`, CASE WHEN t.n < ${cap}::int OR ${page.anyway} OR t.tier0 >= ${want}::int${titlesHeld} THEN ${jobsJson(
        sql`(SELECT (array_agg(job_id ORDER BY ${page.order}))[${page.offset + 1}::int:${want}::int] FROM cand)`,
      )} END AS jobs`
    : sql``;
  const [row] = await queryRows<{
    n: number;
    tier0: number;
    titled: number;
    oldest: unknown;
    lines: string | null;
    jobs?: unknown;
  }>(
    db,
    // The tier is worked out on the `cap` rows kept, not on every match read: the subquery is
    // named search_jobs so that the tier's expression reads its columns (a common word on a site
    // of 30,000 jobs: 2,152 matches read, 0.7 of 4 ms spent on tiers).
    sql`WITH cand AS MATERIALIZED (SELECT search_jobs.job_id, search_jobs.posted_at,
        search_jobs.facet_data, ${tier} AS tier${options.extraColumns ?? sql``}
      FROM ${newestFirst(
        sql`search_jobs.job_id, search_jobs.posted_at, search_jobs.facet_data${
          options.tier
            ? sql`, search_jobs.title_key, search_jobs.title_tsv, search_jobs.head_tsv`
            : sql``
        }${options.extraColumns ?? sql``}`,
        where,
        order,
        cap,
        options.spans ?? null,
      )} search_jobs),
    t AS (SELECT count(*)::int AS n, count(*) FILTER (WHERE tier = 0)::int AS tier0,
        count(*) FILTER (WHERE tier <= 1)::int AS titled,
        count(*) FILTER (WHERE tier <= 2)::int AS upto2,
        extract(epoch FROM min(posted_at))::float8 AS oldest,
        string_agg(job_id::text || E'\\x1f' || tier::text || E'\\x1f'
          || extract(epoch FROM posted_at)::text || E'\\x1f' || facet_data, E'\\n') AS lines
      FROM cand)
    SELECT t.n, t.tier0, t.titled, t.oldest, t.lines${pageJobs} FROM t`,
  );
  const rows: CandidateRow[] = [];
  for (const line of row?.lines ? row.lines.split('\n') : []) {
    const a = line.indexOf('\x1f');
    const b = line.indexOf('\x1f', a + 1);
    const c = line.indexOf('\x1f', b + 1);
    const id = Number(line.slice(0, a));
    rows.push({
      id,
      tier: Number(line.slice(a + 1, b)),
      posted: Number(line.slice(b + 1, c)),
      job: facetJobOf(id, line.slice(c + 1)),
    });
  }
  const n = Number(row?.n ?? 0);
  return {
    n,
    rows,
    oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
    tier0: Number(row?.tier0 ?? 0),
    titled: Number(row?.titled ?? 0),
    jobs: page && typeof row?.jobs === 'string' ? parseJobs(row.jobs) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Estimates

async function explainRows(db: Queryable, query: SQL): Promise<number> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = rows[0] ? Object.values(rows[0])[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    { Plan?: { 'Plan Rows'?: number } }[] | null;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * How many jobs match `where`, when more than COUNT_CAP do: from the candidates' reach back in
 * time (stats.ts), else the planner's estimate. Never below COUNT_CAP + 1.
 */
async function estimateTotal(
  db: Queryable,
  siteContext: string,
  where: SQL,
  run: Candidates,
  byDate: boolean,
  notBefore: number | null,
): Promise<number> {
  const byDensity =
    byDate && run.oldest !== null
      ? await estimateMatches(db, siteContext, run.oldest, run.n, notBefore)
      : null;
  const total = byDensity ?? (await explainRows(db, sql`SELECT 1 FROM search_jobs WHERE ${where}`));
  return Math.max(COUNT_CAP + 1, total);
}

// ---------------------------------------------------------------------------------------------
// A search

/** A freshness filter letting through at least this share of a big site is checked on rows. */
const FRESHNESS_CHECKED_SHARE = 0.15;

const displayNames = new Map<string, Intl.DisplayNames | null>();
/** Country names in a language (jobCountries facet labels). */
export function countryNamer(lang: Lang): (code: string) => string {
  if (!displayNames.has(lang)) {
    try {
      displayNames.set(lang, new Intl.DisplayNames([lang, 'en'], { type: 'region' }));
    } catch {
      displayNames.set(lang, null);
    }
  }
  const names = displayNames.get(lang);
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

export function emptyResult(state: SearchState): SearchResult {
  return {
    state,
    jobs: [],
    total: 0,
    page: state.page,
    pageSize: PAGE_SIZE,
    totalPages: 0,
    facets: {},
    totalExact: true,
    facetsExact: true,
  };
}

/** Facet values from candidate rows. */
const facetJobs = (rows: readonly CandidateRow[]) => rows.map((r) => r.job);

export async function runSearch(
  db: Queryable,
  site: Site,
  state: SearchState,
  mode: Mode,
  options: SearchOptions,
): Promise<SearchResult> {
  const now = options.now ?? new Date();
  await loadSiteWords(db, site.context).catch((err: Error) =>
    console.error('[search] reading the site words failed:', err.message),
  );
  const c = buildConditions(site, state, now, {
    walkin: mode === 'walkin',
    siteWords: siteWords(db, site.context),
  });
  const k = c.keywords;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(state.page) || 1));
  const offset = (page - 1) * PAGE_SIZE;
  const want = offset + PAGE_SIZE;
  const relevance = state.sort === 'relevance' && k !== null;
  const tier = relevance && k ? tierExpression(k) : undefined;

  // Orders: of rows in search_jobs, and of candidate rows (in SQL and in JavaScript).
  const today = now.toISOString().slice(0, 10);
  const walkinOrder = (t: string) =>
    // Walk-ins: drives under way or to come first (soonest first), then past ones (latest first).
    sql.raw(`(${t}walkin_end_date < '${today}'::date),
      CASE WHEN ${t}walkin_end_date >= '${today}'::date THEN ${t}walkin_start_date END,
      ${t}walkin_end_date DESC`);
  const rowOrder = mode === 'walkin' ? sql`${walkinOrder('search_jobs.')}, ${NEWEST}` : NEWEST;
  const candNewest = sql`posted_at DESC, job_id DESC`;
  const pageOrder =
    mode === 'walkin'
      ? sql`${walkinOrder('')}, ${relevance ? sql`tier, ` : sql``}${candNewest}`
      : relevance
        ? sql`tier, ${candNewest}`
        : candNewest;
  const extraColumns =
    mode === 'walkin' ? sql`, search_jobs.walkin_start_date, search_jobs.walkin_end_date` : sql``;
  const byPageOrder = (a: CandidateRow, b: CandidateRow) =>
    (relevance ? a.tier - b.tier : 0) || b.posted - a.posted || b.id - a.id;

  const ctx: FacetContext = {
    site,
    nowSeconds: Math.floor(now.getTime() / 1000),
    selected: state.filters,
    countryName: countryNamer(options.lang ?? 'en'),
  };
  const scope = new Set(options.scope ?? []);
  const active = FACET_KEYS.filter((key) => c.filters[key] !== undefined && !scope.has(key));
  // The oldest posting a freshness filter lets through (seconds), for estimates.
  const freshness = (state.filters.jobFreshness ?? []).map(Number).filter((n) => n > 0);
  const notBefore =
    freshness.length > 0
      ? Math.floor(now.getTime() / 1000) - Math.max(...freshness) * 86_400
      : null;
  const inactive = FACET_KEYS.filter((key) => c.filters[key] === undefined && !scope.has(key));
  const stats = (await siteStats(db)).get(site.context);
  // On a site read span by span, a freshness filter letting through a good part of it is checked
  // on the rows the other conditions find: as an index condition, PostgreSQL ANDs the posted_at
  // range's bitmap (97,000 rows for 15 days on India at a million jobs, 3.8 ms) with a lookup of
  // 3,000. On smaller sites the posted_at walk that stops at the border serves it better.
  const fresh = c.filters.jobFreshness;
  if (
    fresh &&
    'sql' in fresh &&
    notBefore !== null &&
    isSpannedSite(stats, options.windowRows) &&
    (shareSince(stats?.postedBounds ?? [], notBefore) ?? 0) >= FRESHNESS_CHECKED_SHARE
  )
    c.filters.jobFreshness = { sql: sql`(${fresh.sql}) IS TRUE` };
  const where = whereOf(c);
  // Newest-first lists of keyword searches are read span by span of posting days (windows.ts):
  // the days are tags in doc, so one GIN lookup intersects them with the words and the filters.
  // So are browses with filter tags (a city, a function): their lookup alone would read every
  // posting of the tags to keep the newest 201 (function 30 on India at a million jobs: 6,266
  // rows, 10 ms). A browse with none walks the posted_at index and stops; walk-ins have an order
  // of their own.
  const spans =
    mode === 'search' && (k !== null ? !k.stopWordsOnly : hasDocTags(c))
      ? spansOf(stats, options.windowRows, now.getTime() / 1000)
      : null;

  const mainRun = () =>
    candidates(db, where, rowOrder, {
      tier,
      extraColumns,
      spans,
      // A sample of the newest matches is in the search's order by date, and for walk-ins; for
      // relevance only as far as its exact-title matches reach (see candidates).
      page:
        want <= COUNT_CAP
          ? {
              order: pageOrder,
              offset,
              anyway: !relevance || mode === 'walkin' || !!k?.stopWordsOnly,
              titleMatches: relevance && mode === 'search' ? titleMatches(c) : null,
            }
          : undefined,
    });
  // Facets of the keys not in use: over the search's candidates (scaled up when a sample).
  const inactiveFacets = (rows: CandidateRow[], total: number, totalExact: boolean) =>
    countFacets(
      facetJobs(rows),
      inactive,
      ctx,
      totalExact || rows.length === 0 ? 1 : total / rows.length,
    );
  // The search's own total and page, from its candidates: the statements after them (an
  // estimate, a relevance page) follow as soon as they come, not after the union's. When
  // `withFacets()` says so, the facets of the keys not in use are counted while the page is read.
  const settle = async (main: Candidates, withFacets: () => boolean): Promise<Settled> => {
    const totalExact = main.n <= COUNT_CAP;
    const total = totalExact
      ? main.n
      : await estimateTotal(db, site.context, where, main, mode === 'search', notBefore);
    let page: JobSummary[] | Promise<JobSummary[]>;
    if (main.jobs) {
      page = main.jobs;
    } else if (offset >= total) {
      page = [];
    } else if (relevance && mode === 'search' && k && !k.stopWordsOnly) {
      page = tieredPage(db, c, offset, main, spans, total);
    } else {
      // Past the candidates: the page in the search's own order.
      const order = mode === 'walkin' ? sql`${walkinOrder('')}, ${candNewest}` : candNewest;
      page = queryRows<{ jobs: unknown }>(
        db,
        sql`WITH page AS (SELECT search_jobs.job_id, search_jobs.posted_at,
            search_jobs.walkin_start_date, search_jobs.walkin_end_date
          FROM search_jobs WHERE ${where}
          ORDER BY ${rowOrder} LIMIT ${PAGE_SIZE} OFFSET ${offset})
        SELECT ${jobsJson(sql`(SELECT array_agg(job_id ORDER BY ${order}) FROM page)`)} AS jobs`,
      ).then(([row]) => parseJobs(row?.jobs));
    }
    let facets: Settled['facets'];
    if (page instanceof Promise && withFacets()) {
      page.catch(() => {}); // awaited below
      // Counting is synchronous: the page's statement is let out to the database first.
      await nextTurn();
    }
    if (withFacets()) facets = inactiveFacets(main.rows, total, totalExact);
    return { rows: main.rows, total, totalExact, pageJobs: await page, facets };
  };
  const mainSearch = (withFacets: () => boolean) =>
    mainRun().then((main) => settle(main, withFacets));
  // On a PostgreSQL pool, the search itself is read at the same time as the union (it may turn
  // out unneeded); PGlite runs one statement at a time, so it waits to know.
  let earlyMain: Promise<Settled> | null = null;

  let union: { run: Candidates; masks: number[]; where: SQL } | null = null;
  const all = (1 << active.length) - 1;
  // The union holds every job of the search: the rows passing every filter.
  const unionHoldsAll = () => union !== null && union.run.n <= COUNT_CAP && mode === 'search';
  if (active.length > 0) {
    const unionWhere = whereOfUnion(c, active);
    // A browse's union is read in one statement: each of its alternatives drops a filter, and
    // the one left with a freshness or nothing but the site matches most of the newest span (read
    // whole, 4,962 rows on the Gulf), where walking the posted_at index stops at 201.
    const unionRun = candidates(db, (span) => whereOfUnion(c, active, span), rowOrder, {
      tier,
      extraColumns,
      spans: k !== null ? spans : null,
    });
    if (isPool(db)) {
      // Its facets are counted only once the union is known not to hold every match.
      earlyMain = mainSearch(() => union !== null && !unionHoldsAll());
      earlyMain.catch(() => {}); // awaited below when needed
    }
    const run = await unionRun;
    const tests = active.map(
      (key) =>
        filterPredicate(
          key,
          state.filters[key] ?? [],
          ctx,
          (values) => resolveLocation(site.context, values.join(',')),
          (values) => regionCityKeys(site.context, values),
        ) ?? (() => true),
    );
    const masks = run.rows.map((row) =>
      tests.reduce((mask, test, i) => (test(row.job) ? mask | (1 << i) : mask), 0),
    );
    union = { run, masks, where: unionWhere };
  }

  // Facets of the keys in use: over the union rows that pass every OTHER filter. Counted
  // unscaled while the search's own statements run; scaled below when the union is a sample.
  const activeFacets: Partial<Record<FilterKey, FacetValue[]>> = {};
  if (union) {
    const { run, masks } = union;
    active.forEach((key: FacetKey, i) => {
      const subset = run.rows.filter((_, r) => ((masks[r] as number) | (1 << i)) === all);
      const counted = countFacets(facetJobs(subset), [key], ctx);
      if (counted[key]) activeFacets[key] = counted[key];
    });
  }

  let settled: Settled;
  if (union && unionHoldsAll()) {
    // The search read beside the union holds the same rows, and its page (every match is a
    // candidate).
    const rows = union.run.rows.filter((_, r) => union.masks[r] === all);
    const facets = inactiveFacets(rows, rows.length, true);
    const early = earlyMain ? await earlyMain.catch(() => null) : null;
    const pageIds = () =>
      [...rows]
        .sort(byPageOrder)
        .slice(offset, want)
        .map((r) => r.id);
    settled = {
      rows,
      total: rows.length,
      totalExact: true,
      pageJobs: early?.totalExact ? early.pageJobs : await jobsByIds(db, pageIds()),
      facets,
    };
  } else {
    settled = await (earlyMain ?? mainSearch(() => true));
  }
  const { rows: mainRows, total, totalExact, pageJobs } = settled;

  const facets = settled.facets ?? inactiveFacets(mainRows, total, totalExact);
  let facetsExact = totalExact;
  if (union) {
    let scale = 1;
    if (union.run.n > COUNT_CAP) {
      // A sample (the newest of the union): scale by how many of it pass every filter against
      // the total of those, or by the planner's estimate of the union when none do.
      const passing = union.masks.filter((m) => m === all).length;
      scale =
        passing > 0
          ? total / passing
          : (await estimateTotal(db, site.context, union.where, union.run, false, null)) /
            union.run.n;
      facetsExact = false;
    }
    for (const key of active) {
      const values = activeFacets[key];
      if (values) facets[key] = scaleFacetCounts(values, scale);
    }
  }
  if (facets.companies) {
    facets.companies = await nameUnlistedCompanies(db, site.context, facets.companies);
  }
  const ordered: Partial<Record<FilterKey, FacetValue[]>> = {};
  for (const key of FACET_KEYS) if (facets[key]) ordered[key] = facets[key];

  return {
    state: { ...state, page },
    jobs: pageJobs,
    total,
    page,
    pageSize: PAGE_SIZE,
    totalPages: Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE)),
    facets: ordered,
    totalExact,
    facetsExact,
    understood: {
      q: c.understood.state.q,
      location: c.understood.state.location,
      corrected: c.understood.corrected,
      shownQ: c.understood.shownQ,
    },
  };
}
