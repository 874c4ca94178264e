/**
 * Search benchmark: 100,000 demo jobs, a fixed mix of 200 queries, p50/p95 latency of
 * searchJobs (the whole results page: page of jobs, total and every facet, as the results page
 * calls it) against a naive baseline on the same data (websearch_to_tsquery matched, every match
 * ranked with ts_rank, top 20), on PGlite and on PostgreSQL.
 *
 *   npm run bench -- search [--jobs 100000] [--queries 200] [--backends pglite,postgres]
 *                           [--pglite-dir DIR]   (keep the PGlite database there; reused if full)
 *
 * - PGlite: a fresh database in a temporary directory, removed afterwards.
 * - PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
 *   server; the benchmark creates its own database `bench_search` there and drops it at the end
 *   (it never touches the tables of the database in the URL). Unreachable: skipped, and said so.
 * - The baseline gets what a naive portal would have: a weighted tsvector column on jobs (title A,
 *   skills B, company and cities C, description D) with a GIN index, added after seeding (the
 *   portal itself keeps no such column: its words live in search_jobs).
 * - After seeding, VACUUM ANALYZE (what autovacuum does on a server) so both sides plan with
 *   statistics. Then a warm-up mix (another seed), then the timed mix: each query runs --repeat
 *   times (default 3) for each side, baseline and searchJobs alternating, and its latency is the
 *   median of its runs (one unlucky scheduler pause on a busy machine doesn't make a p95).
 * - Checks besides speed: exact-title queries must get an exact title match first, and for every
 *   query with an exact total the baseline's match count must equal searchJobs' total.
 * - Target: searchJobs p95 at least 3 times lower than the baseline's, on each backend.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { siteByContext } from '../sites';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { EMPTY_SEARCH, type FilterKey, type SearchState } from '~/lib/search/state';
import { createDb, queryRows, type DbHandle, type Queryable } from '~/server/db/client';
import { JOB_FAMILIES, SECTORS } from '~/server/reference/job-families';
import { SITE_PLACES } from '~/server/reference/places';
import { hashSeed, Rng } from '~/server/demo/random';
import { seedDemoData } from '~/server/demo/seed';
import { resolveLocation } from '~/server/search/places';
import { readKeywords } from '~/server/search/query';
import { searchJobs } from '~/server/search/service';
import type { Benchmark } from './run';

const NOW = new Date('2026-03-01T12:00:00Z');
const SEED = 20_240_601;
const TARGET_SPEEDUP = 3;

// ---------------------------------------------------------------------------------------------
// The query mix

export interface BenchQuery {
  kind: string;
  site: string;
  state: SearchState;
}

const state = (partial: Partial<SearchState>): SearchState => ({
  ...EMPTY_SEARCH,
  ...partial,
  filters: partial.filters ?? {},
});

/** How many queries of each kind make up the mix (scaled to the requested size). */
const MIX: [string, number][] = [
  ['title', 40],
  ['word', 30],
  ['title+location', 30],
  ['skill+location', 15],
  ['keyword+filters', 25],
  ['keyword+experience', 15],
  ['browse+filters', 15],
  ['broad', 10],
  ['page-or-date', 10],
  ['alternatives', 5],
  ['no-result', 5],
];

const BROAD_WORDS = ['manager', 'engineer', 'executive', 'sales', 'senior', 'experience'];
const NO_RESULT = ['quantum basket weaver', 'acountant xyz', 'zookeeper blockchain'];

/** A deterministic mix of `size` queries over the demo data's sites, titles, skills and cities. */
export function queryMix(size: number, seed: number): BenchQuery[] {
  const rng = new Rng(hashSeed(seed, 'bench-search'));
  const totalWeight = MIX.reduce((sum, [, n]) => sum + n, 0);
  const plan = MIX.map(([kind, n]) => [kind, Math.round((n * size) / totalWeight)] as const);
  const out: BenchQuery[] = [];
  for (const [kind, n] of plan) {
    for (let i = 0; i < n; i++) out.push(makeQuery(rng, kind));
  }
  // Interleave kinds (a fixed shuffle), so a backend's warm caches don't favour one kind.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j] as BenchQuery, out[i] as BenchQuery];
  }
  return out.slice(0, size);
}

function makeQuery(rng: Rng, kind: string): BenchQuery {
  const site = rng.weighted(SITE_PLACES, (s) => s.weight);
  const family = rng.weighted(JOB_FAMILIES, (f) => f.weight * (f.siteBoost?.[site.context] ?? 1));
  const title = rng.pick(family.titles);
  const country = rng.weighted(site.countries, (c) => c.weight);
  const city = rng.pick(country.cities.slice(0, 8));
  const skill = rng.pick([...title.skills, ...family.common]);
  const titleWord = rng.pick(
    title.title.split(' ').filter((w) => w.length > 3 && !/^(senior|junior|lead)$/i.test(w)),
  );
  const context = site.context;
  switch (kind) {
    case 'title':
      return { kind, site: context, state: state({ q: title.title }) };
    case 'word':
      return { kind, site: context, state: state({ q: rng.chance(0.5) ? skill : titleWord }) };
    case 'title+location':
      return { kind, site: context, state: state({ q: title.title, location: city }) };
    case 'skill+location':
      return { kind, site: context, state: state({ q: skill, location: city }) };
    case 'keyword+filters': {
      const filters: Partial<Record<FilterKey, string[]>> = {};
      const options: FilterKey[] = rng.sample(
        [
          'experienceRanges',
          'jobFreshness',
          'industries',
          'employerTypes',
          'jobTypes',
          'jobCities',
        ],
        rng.int(1, 2),
      );
      for (const key of options) filters[key] = filterValues(rng, key, family, country.cities);
      return {
        kind,
        site: context,
        state: state({ q: rng.chance(0.6) ? title.title : skill, filters }),
      };
    }
    case 'keyword+experience':
      return {
        kind,
        site: context,
        state: state({ q: title.title, experience: rng.int(title.exp[0], title.exp[1] + 2) }),
      };
    case 'browse+filters': {
      const filters: Partial<Record<FilterKey, string[]>> = {
        functions: [String(functionId(family.fn))],
      };
      if (rng.chance(0.5)) filters.jobFreshness = [rng.pick(['3', '7', '15'])];
      return {
        kind,
        site: context,
        state: state({ location: rng.chance(0.7) ? city : '', filters }),
      };
    }
    case 'broad':
      return {
        kind,
        site: context,
        state: state({ q: rng.chance(0.3) ? '' : rng.pick(BROAD_WORDS) }),
      };
    case 'page-or-date':
      return {
        kind,
        site: context,
        state: rng.chance(0.5)
          ? state({ q: rng.pick([titleWord, skill]), sort: 'date' })
          : state({ q: rng.pick([titleWord, skill]), page: rng.int(2, 5) }),
      };
    case 'alternatives':
      return {
        kind,
        site: context,
        state: state({ q: `${skill}, ${rng.pick(family.titles).title}` }),
      };
    case 'no-result':
      return { kind, site: context, state: state({ q: rng.pick(NO_RESULT) }) };
    default:
      throw new Error(`unknown query kind ${kind}`);
  }
}

/** The JOB_FUNCTIONS id of a family's function name. */
const functionId = (name: string) => JOB_FUNCTIONS.find((f) => f.value === name)?.id ?? 54;

function filterValues(
  rng: Rng,
  key: FilterKey,
  family: (typeof JOB_FAMILIES)[number],
  cities: readonly string[],
): string[] {
  switch (key) {
    case 'experienceRanges':
      return [rng.pick(['0-2', '3-5', '6-10', '11-15'])];
    case 'jobFreshness':
      return [rng.pick(['1', '3', '7', '15', '30'])];
    case 'industries': {
      const sector = rng.pick(family.sectors);
      const names = SECTORS[sector].industries;
      const ids = rng
        .sample(names, rng.int(1, 2))
        .map((n) => INDUSTRIES.find((i) => i.value === n)?.id)
        .filter((id): id is number => id !== undefined);
      return ids.map(String);
    }
    case 'employerTypes':
      return [rng.chance(0.8) ? 'company' : 'consultant'];
    case 'jobTypes':
      return rng.chance(0.7) ? ['full_time'] : ['contract', 'part_time'];
    case 'jobCities':
      return rng.sample(cities.slice(0, 6), rng.int(1, 2));
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// The naive baseline: the same matching on `jobs`, every match ranked with ts_rank, top 20.

function baselineWhere(site: string, s: SearchState, now: Date): { where: SQL; tsq: SQL | null } {
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

function baselineQuery(site: string, s: SearchState, now: Date): SQL {
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
function referencePage(site: string, s: SearchState, now: Date): SQL {
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

const toIds = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',').map(Number)
      : [];

// ---------------------------------------------------------------------------------------------
// Running

export interface Stats {
  p50: number;
  p95: number;
  mean: number;
  max: number;
}

export function stats(ms: number[]): Stats {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    p50: round(at(50)),
    p95: round(at(95)),
    mean: round(sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

const time = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
};

const describeQuery = (q: BenchQuery) => {
  const parts = [`${q.site}`, q.state.q ? `q="${q.state.q}"` : 'browse'];
  if (q.state.location) parts.push(`location="${q.state.location}"`);
  if (q.state.experience !== null) parts.push(`experience=${q.state.experience}`);
  for (const [k, v] of Object.entries(q.state.filters)) parts.push(`${k}=${v?.join(',')}`);
  if (q.state.sort !== 'relevance') parts.push(`sort=${q.state.sort}`);
  if (q.state.page > 1) parts.push(`page=${q.state.page}`);
  return parts.join(' ');
};

interface BackendFigures {
  backend: 'pglite' | 'postgres';
  skipped?: string;
  seedSeconds?: number;
  searchJobs?: Stats;
  baseline?: Stats;
  /** baseline p95 / searchJobs p95. */
  speedupP95?: number;
  targetMet?: boolean;
  byKind?: Record<string, { searchJobs: Stats; baseline: Stats; n: number }>;
  relevance?: { exactTitleQueries: number; exactTitleFirst: number };
  consistency?: { checked: number; mismatches: string[] };
  /** Page ids equal to a reference query that ranks every match. */
  order?: { checked: number; mismatches: string[] };
  estimatedTotals?: number;
  /** How far estimated totals were from the true count (percent of it). */
  estimateError?: { medianPercent: number; p90Percent: number; maxPercent: number; worst: string };
  slowest?: { query: string; searchJobsMs: number; baselineMs: number }[];
}

async function seed(handle: DbHandle, jobs: number): Promise<number> {
  const started = performance.now();
  let lastTenth = -1;
  await seedDemoData(handle.db, {
    jobs,
    now: NOW,
    seed: SEED,
    start: 0,
    onProgress: (done, total, phase) => {
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stdout.write(`  seeding (${phase}) ${done}/${total}\n`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  await addBaselineVector(handle.db);
  await handle.db.execute(sql`VACUUM ANALYZE`);
  return seconds;
}

/** The naive baseline's own search column and index (not part of the portal's schema). */
async function addBaselineVector(db: Queryable): Promise<void> {
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

async function measure(
  db: Queryable,
  mix: BenchQuery[],
  warmup: BenchQuery[],
  repeat: number,
): Promise<Omit<BackendFigures, 'backend' | 'seedSeconds'>> {
  const run = async (q: BenchQuery) => searchJobs(q.site, q.state, db, { now: NOW });
  const base = async (q: BenchQuery) => queryRows(db, baselineQuery(q.site, q.state, NOW));

  process.stdout.write(`  warm-up: ${warmup.length} queries\n`);
  for (const q of warmup) {
    await run(q);
    await base(q);
  }

  process.stdout.write(`  timing: ${mix.length} queries, ${repeat} runs each\n`);
  const ours: number[] = [];
  const theirs: number[] = [];
  const results: Awaited<ReturnType<typeof run>>[] = [];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const [i, q] of mix.entries()) {
    const a: number[] = [];
    const b: number[] = [];
    let result: Awaited<ReturnType<typeof run>> | undefined;
    for (let r = 0; r < repeat; r++) {
      // Alternate who goes first, so neither always finds the caches warmed by the other.
      if ((i + r) % 2 === 0) {
        const [ms, value] = await time(() => run(q));
        a.push(ms);
        result = value;
        b.push((await time(() => base(q)))[0]);
      } else {
        b.push((await time(() => base(q)))[0]);
        const [ms, value] = await time(() => run(q));
        a.push(ms);
        result = value;
      }
    }
    ours.push(median(a));
    theirs.push(median(b));
    results.push(result as Awaited<ReturnType<typeof run>>);
  }

  // Relevance: a query that is a job title gets an exact title match first (when one exists).
  let exactTitleQueries = 0;
  let exactTitleFirst = 0;
  for (const [i, q] of mix.entries()) {
    if (q.kind !== 'title' && q.kind !== 'title+location' && q.kind !== 'keyword+experience')
      continue;
    const result = results[i];
    if (!result || result.total === 0) continue;
    const [exists] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM jobs j WHERE ${baselineWhere(q.site, q.state, NOW).where}
        AND lower(j.title) = ${q.state.q.toLowerCase()}`,
    );
    if (!exists || Number(exists.n) === 0) continue;
    exactTitleQueries += 1;
    if (result.jobs[0]?.title.toLowerCase() === q.state.q.toLowerCase()) exactTitleFirst += 1;
  }

  // Consistency: the baseline's match count equals searchJobs' exact totals.
  const mismatches: string[] = [];
  let checked = 0;
  let estimatedTotals = 0;
  const estimateErrors: number[] = [];
  let worstEstimate = { error: 0, query: '' };
  for (const [i, q] of mix.entries()) {
    const result = results[i];
    if (!result) continue;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM jobs j WHERE ${baselineWhere(q.site, q.state, NOW).where}`,
    );
    const actual = Number(row?.n);
    if (!result.totalExact) {
      estimatedTotals += 1;
      const error = Math.abs(result.total - actual) / actual;
      estimateErrors.push(error);
      if (error > worstEstimate.error)
        worstEstimate = {
          error,
          query: `${describeQuery(q)}: estimated ${result.total}, actual ${actual}`,
        };
      continue;
    }
    checked += 1;
    if (actual !== result.total)
      mismatches.push(`${describeQuery(q)}: baseline ${actual}, searchJobs ${result.total}`);
  }
  const sortedErrors = [...estimateErrors].sort((a, b) => a - b);
  const pct = (x: number | undefined) => Math.round((x ?? 0) * 1000) / 10;
  const estimateError = {
    medianPercent: pct(sortedErrors[Math.floor(sortedErrors.length / 2)]),
    p90Percent: pct(sortedErrors[Math.floor(sortedErrors.length * 0.9)]),
    maxPercent: pct(sortedErrors[sortedErrors.length - 1]),
    worst: worstEstimate.query,
  };

  // Order: page ids equal a reference query that ranks EVERY match (tier CASE over all of them).
  const orderMismatches: string[] = [];
  for (const [i, q] of mix.entries()) {
    const result = results[i];
    if (!result) continue;
    const [row] = await queryRows<{ ids: unknown }>(db, referencePage(q.site, q.state, NOW));
    const expected = toIds(row?.ids);
    const got = result.jobs.map((j) => j.id);
    if (expected.join(',') !== got.join(','))
      orderMismatches.push(
        `${describeQuery(q)}: expected ${expected.slice(0, 5)}…, got ${got.slice(0, 5)}…`,
      );
  }

  const kinds = [...new Set(mix.map((q) => q.kind))];
  const byKind: BackendFigures['byKind'] = {};
  for (const kind of kinds) {
    const idx = mix.flatMap((q, i) => (q.kind === kind ? [i] : []));
    byKind[kind] = {
      n: idx.length,
      searchJobs: stats(idx.map((i) => ours[i] as number)),
      baseline: stats(idx.map((i) => theirs[i] as number)),
    };
  }
  const slowest = mix
    .map((q, i) => ({
      query: describeQuery(q),
      searchJobsMs: Math.round((ours[i] as number) * 100) / 100,
      baselineMs: Math.round((theirs[i] as number) * 100) / 100,
    }))
    .sort((a, b) => b.searchJobsMs - a.searchJobsMs)
    .slice(0, 10);

  const searchStats = stats(ours);
  const baselineStats = stats(theirs);
  const speedupP95 = Math.round((baselineStats.p95 / searchStats.p95) * 100) / 100;
  return {
    searchJobs: searchStats,
    baseline: baselineStats,
    speedupP95,
    targetMet: speedupP95 >= TARGET_SPEEDUP,
    byKind,
    relevance: { exactTitleQueries, exactTitleFirst },
    consistency: { checked, mismatches },
    order: { checked: mix.length, mismatches: orderMismatches },
    estimatedTotals,
    estimateError,
    slowest,
  };
}

async function onPglite(
  jobs: number,
  mix: BenchQuery[],
  warmup: BenchQuery[],
  repeat: number,
  keepDir: string | undefined,
) {
  const dir = keepDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const handle = await createDb({ dataDir: dir });
  try {
    process.stdout.write(`pglite (${dir})\n`);
    const [existing] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM jobs`,
    );
    const reuse = keepDir !== undefined && Number(existing?.n) === jobs;
    if (reuse) process.stdout.write(`  reusing its ${jobs} jobs\n`);
    const seedSeconds = reuse ? 0 : await seed(handle, jobs);
    if (reuse) await addBaselineVector(handle.db);
    const figures = await measure(handle.db, mix, warmup, repeat);
    return { backend: 'pglite' as const, seedSeconds: Math.round(seedSeconds), ...figures };
  } finally {
    await handle.close();
    if (!keepDir) rmSync(dir, { recursive: true, force: true });
  }
}

const BENCH_DB = 'bench_search';

async function onPostgres(
  url: string,
  jobs: number,
  mix: BenchQuery[],
  warmup: BenchQuery[],
  repeat: number,
) {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    return {
      backend: 'postgres' as const,
      skipped: `PostgreSQL not reachable at ${url}: ${(err as Error).message}`,
    };
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${BENCH_DB}`;
  let handle: DbHandle | undefined;
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    handle = await createDb({ url: benchUrl.toString(), poolSize: 4 });
    process.stdout.write(`postgres (${benchUrl.host}/${BENCH_DB})\n`);
    const seedSeconds = await seed(handle, jobs);
    const figures = await measure(handle.db, mix, warmup, repeat);
    return { backend: 'postgres' as const, seedSeconds: Math.round(seedSeconds), ...figures };
  } finally {
    await handle?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

function print(f: BackendFigures) {
  if (f.skipped) {
    process.stdout.write(`${f.backend}: skipped (${f.skipped})\n`);
    return;
  }
  const line = (name: string, s: Stats | undefined) =>
    s
      ? `  ${name.padEnd(10)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms  mean ${s.mean.toFixed(2).padStart(7)} ms  max ${s.max.toFixed(2).padStart(7)} ms\n`
      : '';
  process.stdout.write(`${f.backend} (seeded in ${f.seedSeconds} s)\n`);
  process.stdout.write(line('searchJobs', f.searchJobs));
  process.stdout.write(line('baseline', f.baseline));
  process.stdout.write(
    `  p95 speed-up ${f.speedupP95}x: target ${TARGET_SPEEDUP}x ${f.targetMet ? 'MET' : 'NOT MET'}\n`,
  );
  if (f.relevance)
    process.stdout.write(
      `  exact title first: ${f.relevance.exactTitleFirst}/${f.relevance.exactTitleQueries} title queries\n`,
    );
  if (f.consistency)
    process.stdout.write(
      `  totals equal to the baseline's match count: ${f.consistency.checked - f.consistency.mismatches.length}/${f.consistency.checked} (${f.estimatedTotals} estimated totals not compared)\n`,
    );
  for (const m of f.consistency?.mismatches ?? []) process.stdout.write(`    mismatch: ${m}\n`);
  if (f.estimateError)
    process.stdout.write(
      `  estimated totals off by: median ${f.estimateError.medianPercent}%, p90 ${f.estimateError.p90Percent}%, max ${f.estimateError.maxPercent}% (${f.estimateError.worst})\n`,
    );
  if (f.order)
    process.stdout.write(
      `  pages equal to a reference ranking of every match: ${f.order.checked - f.order.mismatches.length}/${f.order.checked}\n`,
    );
  for (const m of f.order?.mismatches ?? []) process.stdout.write(`    order mismatch: ${m}\n`);
  process.stdout.write('  slowest searchJobs queries:\n');
  for (const s of (f.slowest ?? []).slice(0, 5))
    process.stdout.write(`    ${s.searchJobsMs} ms (baseline ${s.baselineMs} ms)  ${s.query}\n`);
}

export const searchBenchmark: Benchmark = {
  name: 'search',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        jobs: { type: 'string', default: '100000' },
        queries: { type: 'string', default: '200' },
        /** Runs per query; a query's latency is the median of its runs. */
        repeat: { type: 'string', default: '3' },
        backends: { type: 'string', default: 'pglite,postgres' },
        /** Keep the PGlite database in this directory and reuse it next time (faster reruns). */
        'pglite-dir': { type: 'string' },
      },
      allowPositionals: true,
    });
    const jobs = Number(values.jobs);
    const size = Number(values.queries);
    const repeat = Math.max(1, Number(values.repeat));
    const backends = String(values.backends).split(',');
    const mix = queryMix(size, SEED);
    const warmup = queryMix(50, SEED + 1);
    const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const figures: BackendFigures[] = [];
    if (backends.includes('pglite'))
      figures.push(await onPglite(jobs, mix, warmup, repeat, values['pglite-dir']));
    if (backends.includes('postgres'))
      figures.push(await onPostgres(url, jobs, mix, warmup, repeat));
    process.stdout.write('\n');
    for (const f of figures) print(f);
    if (!siteByContext('rexmonster')) throw new Error('sites did not load');
    return {
      benchmark: 'search',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      jobs,
      queries: mix.length,
      runsPerQuery: repeat,
      mix: Object.fromEntries(MIX.map(([k]) => [k, mix.filter((q) => q.kind === k).length])),
      targetSpeedupP95: TARGET_SPEEDUP,
      backends: figures,
    };
  },
};
