/**
 * Job search (SPEC §3 search state and filter keys, §5 rules, §7 raven search calls) over
 * PostgreSQL full-text search, the same SQL on PGlite and PostgreSQL.
 *
 *   const result = await searchJobs(site.context, state);          // a results page
 *   const walkins = await walkinJobs(site.context, state);
 *   const similar = await similarJobs(job, 6);
 *   const suggestions = await autoFill(site.context, 'jav');
 *
 * Searches read search_jobs, the index the jobs triggers keep (one partition per site; see
 * drizzle/sql/search_jobs.sql); how a search runs is in engine.ts, its SQL conditions and
 * the filter semantics in query.ts, facets in facets.ts.
 *
 * Relevance: exact title first, then every word in the title, then in title, skills, company or
 * cities, then in the description too; newest first within each. Comma-separated keywords are
 * alternatives ("java, python").
 *
 * "No result" is not a failure: a search that matches nothing answers total 0 (the API adds
 * SEARCH_NO_RESULTS as its message).
 */
import { sql, type SQL } from 'drizzle-orm';
import { siteByContext } from '../../../sites';
import {
  EMPLOYMENT_EXPERIENCE,
  EXPERIENCE_YEARS,
  INDUSTRIES,
  JOB_FUNCTIONS,
  MONTHS,
  NOTICE_PERIODS,
  SALARY_STEPS,
} from '~/lib/reference-lists';
import {
  EXPERIENCE_RANGES,
  FRESHNESS_DAYS,
  SEARCH_EMPLOYER_TYPES,
  SEARCH_JOB_TYPES,
} from '~/lib/search/parse';
import { EMPTY_SEARCH, type FilterKey, type SearchState } from '~/lib/search/state';
import { getDb, getReadDb, queryRows, type Queryable } from '~/server/db/client';
import { jobsJson, parseJobs, type JobSummary } from '~/server/jobs/service';
import { candidates, emptyResult, runSearch, type SearchOptions } from './engine';
import { countFacets, FACET_KEYS, salaryBandLabel, salaryBands, type FacetKey } from './facets';
import { anyTag, buildConditions, readKeywords, siteIs, tsquery, whereOf } from './query';
import { sitePlaceNames } from './places';
import { warmDictionary } from './dictionary';
import { maintainSearchStats } from './stats';
import { foldPhrase, hasArabic, hasIndicOrArabic } from './term-forms';
import { namesStartingWith, usualName, type NamedTerm } from './translate';
import type { SearchResult, Suggestion } from './types';
import { NEWEST } from './windows';

export { COUNT_CAP, type SearchOptions } from './engine';

// The dictionary search reads typed words with is built when the process starts, not in the
// first search (about half a second).
setImmediate(warmDictionary).unref();

/**
 * The process-wide database, with its search statistics looked after now and then (PGlite has
 * no autovacuum; see maintainSearchStats). Databases passed in by callers (tests, the
 * benchmark) are theirs to look after.
 */
async function processDb(): Promise<Queryable> {
  // Statistics are written on the primary; searches read from the replica when there is one.
  maintainSearchStats(await getDb()).catch((err: Error) =>
    console.error('[search] statistics upkeep failed:', err.message),
  );
  return getReadDb();
}

/** A search of one kind on one site (engine.ts), on the process database unless given one. */
function searchOfKind(kind: 'search' | 'walkin') {
  return async (
    siteContext: string,
    state: SearchState,
    db?: Queryable,
    options: SearchOptions = {},
  ): Promise<SearchResult> => {
    const site = siteByContext(siteContext);
    if (!site) return emptyResult(state);
    return runSearch(db ?? (await processDb()), site, state, kind, options);
  };
}

/** A results page: the jobs, the total and the facets of a search on one site. */
export const searchJobs = searchOfKind('search');

/**
 * Walk-in jobs matching a search: drives still to come or under way first (soonest first), then
 * past ones (latest first); the same filters and facets as searchJobs.
 */
export const walkinJobs = searchOfKind('walkin');

/** Words that say how senior a job is, not what it is (left out when looking for similar jobs). */
const SENIORITY = new Set([
  'senior',
  'junior',
  'lead',
  'intern',
  'trainee',
  'sr',
  'jr',
  'associate',
  'assistant',
  'head',
  'chief',
  'principal',
]);

/**
 * Jobs like this one on its site: the same kind of title first, then shared skills, the same
 * function and city; newest first among equals. Reads at most a few hundred candidates.
 */
export async function similarJobs(
  job: {
    id: number;
    siteContext: string;
    title: string;
    skills: string[];
    functionId: number | null;
    locations: string[];
  },
  limit = 6,
  db?: Queryable,
): Promise<JobSummary[]> {
  const q = db ?? (await getReadDb());
  const safeLimit = Math.max(1, Math.min(24, Math.floor(limit) || 6));
  const titleWords = job.title
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((w) => w.length > 1 && !SENIORITY.has(w));
  const skillKeys = [
    ...new Set(job.skills.map((s) => s.toLowerCase().replace(/\s+/g, ' ').trim())),
  ].filter((s) => s !== '');
  const cityKeys = job.locations.map((c) => c.toLowerCase().replace(/\s+/g, ' ').trim());
  const titleAll = titleWords.length > 0 ? readKeywords(titleWords.join(' ')) : null;
  const titleAny = titleWords.length > 0 ? readKeywords(titleWords.join(', ')) : null;
  const pools: SQL[] = [];
  if (titleAll && !titleAll.stopWordsOnly)
    pools.push(
      sql`(SELECT search_jobs.job_id FROM search_jobs WHERE search_jobs.job_id <> ${job.id}
        AND ${siteIs(job.siteContext)} AND search_jobs.title_tsv @@ ${tsquery(titleAll)}
        ORDER BY ${NEWEST} LIMIT 100)`,
    );
  const tagPool = (fragment: string | null, size: number) => {
    if (fragment)
      pools.push(
        sql`(SELECT search_jobs.job_id FROM search_jobs WHERE search_jobs.job_id <> ${job.id}
          AND ${siteIs(job.siteContext)} AND search_jobs.doc @@ ${fragment}::tsquery
          ORDER BY ${NEWEST} LIMIT ${size})`,
      );
  };
  tagPool(anyTag(skillKeys.map((s) => `s:${s}`)), 100);
  if (job.functionId !== null) tagPool(anyTag([`f:${job.functionId}`]), 50);
  if (pools.length === 0) return [];
  const titleAllScore =
    titleAll && !titleAll.stopWordsOnly
      ? sql`(search_jobs.title_tsv @@ ${tsquery(titleAll)})::int * 4`
      : sql`0`;
  const titleAnyScore =
    titleAny && !titleAny.stopWordsOnly
      ? sql`(search_jobs.title_tsv @@ ${tsquery(titleAny)})::int * 2`
      : sql`0`;
  const titleKey = job.title.toLowerCase().replace(/\s+/g, ' ').trim();
  // One round trip: the ranked ids and the jobs they name, as jobsByIds builds them.
  const ranked = sql`ARRAY(WITH pool AS (${sql.join(pools, sql` UNION `)})
    SELECT search_jobs.job_id FROM search_jobs JOIN pool USING (job_id)
    WHERE ${siteIs(job.siteContext)}
    ORDER BY (search_jobs.title_key = ${titleKey})::int * 3 + ${titleAllScore} + ${titleAnyScore}
      + cardinality(ARRAY(SELECT unnest(search_jobs.skill_keys) INTERSECT SELECT unnest(${textArray(skillKeys)})))
      + (search_jobs.function_id IS NOT DISTINCT FROM ${job.functionId}::smallint)::int * 2
      + (search_jobs.city_keys && ${textArray(cityKeys)})::int DESC,
      ${NEWEST}
    LIMIT ${safeLimit})::int8[]`;
  const [row] = await queryRows<{ jobs: unknown }>(q, sql`SELECT ${jobsJson(ranked)} AS jobs`);
  return parseJobs(row?.jobs);
}

/** A text[] of the values, each a parameter. */
const textArray = (values: string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** lower case, single spaces: the form search_terms.value_key has. */
const termKey = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Most suggestions auto-fill answers. */
export const AUTO_FILL_LIMIT = 10;

/**
 * Autosuggest over the titles, skills, companies and cities of the site's active jobs: values
 * starting with the text first, then values with a word starting with it, then close spellings
 * (pg_trgm similarity or word similarity, so "devloper" finds "Java Developer"); busier values first within
 * each group. At most 10. Hindi or Arabic text gets the names of titles and skills in its language
 * (autoFillNames), or, when none starts so, the values above.
 */
export async function autoFill(
  siteContext: string,
  text: string,
  db?: Queryable,
): Promise<Suggestion[]> {
  const t = termKey(text).slice(0, 100);
  if (t === '') return [];
  const q = db ?? (await getReadDb());
  if (hasIndicOrArabic(t)) {
    // Else the site's own values written so (a company's Arabic name).
    const named = [...localPlaces(siteContext, t), ...(await autoFillNames(q, siteContext, t))];
    if (named.length > 0) return named.slice(0, AUTO_FILL_LIMIT);
  }
  const prefix = `${likeEscape(t)}%`;
  const wordPrefix = `% ${likeEscape(t)}%`;
  const fuzzy = t.length >= 3 ? sql` OR ${t} <% value_key OR value_key % ${t}` : sql``;
  const rows = await queryRows<{ value: string; kind: Suggestion['kind'] }>(
    q,
    sql`SELECT value, kind FROM search_terms
      WHERE site_context = ${siteContext} AND job_count > 0
        AND (value_key LIKE ${prefix} OR value_key LIKE ${wordPrefix}${fuzzy})
      ORDER BY (value_key LIKE ${prefix}) DESC, (value_key LIKE ${wordPrefix}) DESC,
        greatest(word_similarity(${t}, value_key), similarity(value_key, ${t})) DESC,
        job_count DESC, value_key
      LIMIT ${AUTO_FILL_LIMIT}`,
  );
  return rows.map((r) => ({ value: r.value, kind: r.kind }));
}

/** Searches offered on a page that found nothing. */
export const DID_YOU_MEAN_LIMIT = 3;

/**
 * Keywords to offer when a search found nothing ("Did you mean ..."): the site's titles and
 * skills closest to what was typed (autosuggest's order: starting so, a word starting so, then
 * close spellings by pg_trgm), Hindi and Arabic by their names; none for a browse.
 */
export async function didYouMean(
  siteContext: string,
  typed: string,
  db?: Queryable,
): Promise<string[]> {
  if (typed.trim() === '') return [];
  const seen = new Set([termKey(typed)]);
  const offers = async (text: string) =>
    (await autoFill(siteContext, text, db))
      .filter((s) => s.kind === 'title' || s.kind === 'skill')
      .map((s) => s.value)
      .filter((v) => !seen.has(termKey(v)) && seen.add(termKey(v)));
  let meant = await offers(typed);
  // Nothing begins so: what begins like its longest word ("taxation" → Tax Consultant), the
  // word shortened a letter at a time down to half its length.
  const longest = typed.split(/\s+/u).sort((x, y) => [...y].length - [...x].length)[0] ?? '';
  const letters = [...longest];
  for (let n = letters.length - 1; meant.length === 0 && n >= Math.max(3, letters.length / 2); n--)
    meant = await offers(letters.slice(0, n).join(''));
  return meant.slice(0, DID_YOU_MEAN_LIMIT);
}

/** Place suggestions in Hindi or Arabic at most (the location box shows 8). */
const LOCAL_PLACES_LIMIT = 5;

/**
 * The site's places whose Hindi or Arabic name (places.ts) starts with the text, or has a word
 * starting so, in the text's script: one name per place, as the location box suggests them
 * ("الرياض" is the city; the skill "الرياضيات" comes after it).
 */
function localPlaces(siteContext: string, text: string): Suggestion[] {
  const typed = foldPhrase(text);
  if (typed === '') return [];
  const arabic = hasArabic(text);
  const places = new Map<string, string>();
  for (const [name, place] of sitePlaceNames(siteContext)) {
    if (!hasIndicOrArabic(name) || hasArabic(name) !== arabic || places.has(place)) continue;
    const folded = foldPhrase(name);
    if (name.startsWith(termKey(text)) || folded.startsWith(typed) || folded.includes(` ${typed}`))
      places.set(place, name);
  }
  return [...places.values()]
    .slice(0, LOCAL_PLACES_LIMIT)
    .map((value) => ({ value, kind: 'city' as const }));
}

/** Names looked up for one Hindi or Arabic autosuggest (a short prefix starts many). */
const MAX_NAMED_CANDIDATES = 300;

/**
 * Autosuggest for Hindi or Arabic text: the names (in the language of the text's script, the
 * page's) of the titles and skills that start with it, then those with a word starting so,
 * among the site's active jobs' titles and skills; busier terms first within each group, one
 * name per term. A chosen name searches for its English term (readKeywords translates it).
 */
async function autoFillNames(
  q: Queryable,
  siteContext: string,
  text: string,
): Promise<Suggestion[]> {
  const named = namesStartingWith(hasArabic(text) ? 'ar' : 'hi', text)
    .filter((n) => n.kind === 'title' || n.kind === 'skill')
    .slice(0, MAX_NAMED_CANDIDATES);
  if (named.length === 0) return [];
  const keys = (kind: string) => [
    ...new Set(named.filter((n) => n.kind === kind).map((n) => termKey(n.en))),
  ];
  const rows = await queryRows<{ kind: string; value_key: string; job_count: number }>(
    q,
    sql`SELECT kind, value_key, job_count FROM search_terms
      WHERE site_context = ${siteContext} AND job_count > 0
        AND ((kind = 'title' AND value_key = ANY (${textArray(keys('title'))}))
          OR (kind = 'skill' AND value_key = ANY (${textArray(keys('skill'))})))`,
  );
  const jobCount = new Map(rows.map((r) => [`${r.kind}:${r.value_key}`, Number(r.job_count)]));
  const seen = new Set<string>();
  return named
    .map((n, order) => ({ n, order, count: jobCount.get(`${n.kind}:${termKey(n.en)}`) ?? 0 }))
    .filter(({ n, count }) => {
      const term = `${n.kind}:${termKey(n.en)}`;
      if (count === 0 || seen.has(term) || seen.has(n.name)) return false;
      seen.add(term).add(n.name);
      return true;
    })
    .sort(
      (a, b) => groupOf(a.n, text) - groupOf(b.n, text) || b.count - a.count || a.order - b.order,
    )
    .slice(0, AUTO_FILL_LIMIT)
    .map(({ n }) => ({ value: n.name, kind: n.kind as 'title' | 'skill' }));
}

/** 0 when the name starts with the text, 1 when one of its words does (namesStartingWith). */
const groupOf = (n: NamedTerm, text: string) => (n.folded.startsWith(foldPhrase(text)) ? 0 : 1);

/** A keyword suggested next to a search. */
export interface KeywordSuggestion {
  value: string;
  kind: 'title' | 'skill';
  /** Jobs (among the newest matches) that have it. */
  count: number;
}

/**
 * Keywords to try next to a search: the skills and titles most common among the newest 200 jobs
 * matching it (minus what was searched). With no keywords: the site's busiest skills and titles.
 * After a Hindi or Arabic search, a keyword with a name in that language is given by its name
 * (which searches for it: readKeywords translates it back).
 */
export async function suggestedKeywords(
  siteContext: string,
  q: string,
  db?: Queryable,
  limit = 10,
): Promise<KeywordSuggestion[]> {
  const d = db ?? (await getReadDb());
  const site = siteByContext(siteContext);
  if (!site) return [];
  const safeLimit = Math.max(1, Math.min(30, Math.floor(limit) || 10));
  const keywords = readKeywords(q);
  if (!keywords) {
    const rows = await queryRows<{ value: string; kind: 'title' | 'skill'; job_count: number }>(
      d,
      sql`SELECT value, kind, job_count FROM search_terms
        WHERE site_context = ${siteContext} AND kind IN ('skill', 'title') AND job_count > 0
        ORDER BY job_count DESC, value_key LIMIT ${safeLimit}`,
    );
    return rows.map((r) => ({ value: r.value, kind: r.kind, count: Number(r.job_count) }));
  }
  const c = buildConditions(site, { ...EMPTY_SEARCH, q }, new Date());
  const run = await candidates(d, whereOf(c), NEWEST, { cap: 200 });
  const facets = countFacets(
    run.rows.map((r) => r.job),
    ['skills', 'designations'],
    {
      site,
      nowSeconds: 0,
      selected: {},
      countryName: (code) => code,
    },
  );
  const searched = new Set([...keywords.titleKeys, ...keywords.words]);
  const out: KeywordSuggestion[] = [];
  for (const [key, kind] of [
    ['skills', 'skill'],
    ['designations', 'title'],
  ] as const) {
    for (const f of facets[key] ?? []) {
      if (!searched.has(termKey(f.value))) out.push({ value: f.value, kind, count: f.count });
    }
  }
  const sorted = out.sort((a, b) => b.count - a.count).slice(0, safeLimit);
  if (!hasIndicOrArabic(q)) return sorted;
  const lang = hasArabic(q) ? 'ar' : 'hi';
  return sorted.map((s) => ({ ...s, value: usualName(lang, s.value) ?? s.value }));
}

/** The site's cities with the most active jobs. */
export async function popularCities(
  siteContext: string,
  limit = 12,
  db?: Queryable,
): Promise<{ city: string; count: number }[]> {
  const q = db ?? (await getReadDb());
  const safeLimit = Math.max(1, Math.min(100, Math.floor(limit) || 12));
  const rows = await queryRows<{ value: string; job_count: number }>(
    q,
    sql`SELECT value, job_count FROM search_terms
      WHERE site_context = ${siteContext} AND kind = 'city' AND job_count > 0
      ORDER BY job_count DESC, value_key LIMIT ${safeLimit}`,
  );
  return rows.map((r) => ({ city: r.value, count: Number(r.job_count) }));
}

export interface MasterData {
  noticePeriods: { id: number; value: string }[];
  experience: { id: number; value: string }[];
  employmentExperience: { id: number; value: string }[];
  months: { id: number; value: string }[];
  salarySteps: { id: number; value: string }[];
  functions: { id: number; value: string }[];
  industries: { id: number; value: string }[];
  jobTypes: string[];
  employerTypes: string[];
  freshness: number[];
  experienceRanges: string[];
  /** Salary bands of the site (when a site is given): URL value and label. */
  salaryRanges: { value: string; label: string }[];
}

/** The reference lists the search filters and forms use (SPEC §3), plus the site's salary bands. */
export function masterData(siteContext?: string): MasterData {
  const site = siteContext ? siteByContext(siteContext) : undefined;
  return {
    noticePeriods: [...NOTICE_PERIODS],
    experience: [...EXPERIENCE_YEARS],
    employmentExperience: [...EMPLOYMENT_EXPERIENCE],
    months: [...MONTHS],
    salarySteps: [...SALARY_STEPS],
    functions: [...JOB_FUNCTIONS],
    industries: [...INDUSTRIES],
    jobTypes: [...SEARCH_JOB_TYPES],
    employerTypes: [...SEARCH_EMPLOYER_TYPES],
    freshness: [...FRESHNESS_DAYS],
    experienceRanges: [...EXPERIENCE_RANGES],
    salaryRanges: site
      ? salaryBands(site.currency.code).map((band) => ({
          value: band.value,
          label: salaryBandLabel(band, site),
        }))
      : [],
  };
}

/** The label of one filter value as the facets show it (for chips of selected filters). */
export function facetLabel(siteContext: string, key: FilterKey, value: string): string {
  const site = siteByContext(siteContext);
  if (!site) return value;
  const facets = countFacets(
    [],
    [key as FacetKey].filter((k) => FACET_KEYS.includes(k)),
    {
      site,
      nowSeconds: 0,
      selected: { [key]: [value] },
      countryName: (code) => code,
    },
  );
  return facets[key as FacetKey]?.[0]?.label ?? value;
}

export { newJobsMatching, type MatchRequest } from './matching';
