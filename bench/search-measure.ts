/**
 * The search benchmark's runs (bench/search.ts): seeding a backend, timing searchJobs against the
 * baseline on the mix, and the checks besides speed (relevance, totals, order).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle, type Queryable } from '~/server/db/client';
import { seedDemoData } from '~/server/demo/seed';
import { searchJobs } from '~/server/search/service';
import {
  addBaselineVector,
  baselineQuery,
  baselineWhere,
  referencePage,
  toIds,
} from './search-baseline';
import { describeQuery, NOW, SEED, type BenchQuery } from './search-queries';

/** searchJobs' p95 must be at least this many times lower than the baseline's. */
export const TARGET_SPEEDUP = 3;

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

export interface BackendFigures {
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

export async function seed(handle: DbHandle, jobs: number): Promise<number> {
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

export async function measure(
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
