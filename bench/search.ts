/**
 * Search benchmark: 100,000 demo jobs, a fixed mix of 200 queries, p50/p95 latency of
 * searchJobs (the whole results page: page of jobs, total and every facet, as the results page
 * calls it) against a naive baseline on the same data (websearch_to_tsquery matched, every match
 * ranked with ts_rank, top 20), on PGlite and on PostgreSQL.
 *
 *   npm run bench -- search [--jobs 100000] [--queries 200] [--backends pglite,postgres]
 *                           [--pglite-dir DIR]   (keep the PGlite database there; reused if full)
 *                           [--pglite-shared-buffers MB] (default 256 per 100,000 jobs)
 *                           [--postgres-db NAME] (keep the PostgreSQL database; reused if full)
 *                           [--seed fast|app] [--baseline timed|checks|none] [--compare-seed]
 *
 * - PGlite: a fresh database in a temporary directory, removed afterwards, with shared buffers
 *   sized as an operator would size PGLITE_SHARED_BUFFERS_MB for it (search_jobs and its indexes
 *   are 194 MB at 100,000 jobs): blocks outside them are read through the file system.
 * - PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
 *   server; the benchmark creates its own database `bench_search` there and drops it at the end
 *   (it never touches the tables of the database in the URL). Unreachable: skipped, and said so.
 * - The baseline gets what a naive portal would have: a weighted tsvector column on jobs (title A,
 *   skills B, company and cities C, description D) with a GIN index, added after seeding (the
 *   portal itself keeps no such column: its words live in search_jobs).
 * - After seeding, VACUUM ANALYZE (what autovacuum does on a server) so both sides plan with
 *   statistics, and a CHECKPOINT so that the seed's writes are on disk before anything is timed.
 *   Then a warm-up mix (another seed), then the timed mix: each query runs --repeat
 *   times (default 3) for each side, baseline and searchJobs alternating, and its latency is the
 *   median of its runs (one unlucky scheduler pause on a busy machine doesn't make a p95).
 * - Checks besides speed: exact-title queries must get an exact title match first, and for every
 *   query with an exact total the baseline's match count must equal searchJobs' total.
 * - Target: searchJobs p95 at least 3 times lower than the baseline's, on each backend.
 *
 * The query mix is search-queries.ts, the baseline search-baseline.ts, seeding, timing and the
 * checks search-measure.ts, the console report search-report.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { siteByContext } from '../sites';
import { createDb, queryRows, type DbHandle } from '~/server/db/client';
import type { Benchmark } from './run';
import { addBaselineVector } from './search-baseline';
import {
  measure,
  seed,
  TARGET_SPEEDUP,
  type BackendFigures,
  type MeasureOptions,
} from './search-measure';
import { compareSeeding } from './search-seed-compare';
import { seedPostgresParallel } from './search-seed';
import { MIX, queryMix, SEED, type BenchQuery } from './search-queries';
import { print } from './search-report';

async function onPglite(
  jobs: number,
  mix: BenchQuery[],
  warmup: BenchQuery[],
  repeat: number,
  keepDir: string | undefined,
  sharedBuffersMb: number,
  options: MeasureOptions,
) {
  const dir = keepDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const handle = await createDb({ dataDir: dir, pgliteSharedBuffersMb: sharedBuffersMb });
  try {
    process.stdout.write(`pglite (${dir}, shared buffers ${sharedBuffersMb} MB)\n`);
    const [existing] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM jobs`,
    );
    const reuse = keepDir !== undefined && Number(existing?.n) === jobs;
    if (reuse) process.stdout.write(`  reusing its ${jobs} jobs\n`);
    const noBaseline = options.baseline === 'none';
    const seedSeconds = reuse ? 0 : await seed(handle, jobs, { noBaseline });
    if (reuse && !noBaseline) await addBaselineVector(handle.db);
    const figures = await measure(handle.db, mix, warmup, repeat, options);
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
  keepDb: string | undefined,
  fastSeed: boolean,
  options: MeasureOptions,
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
  if (keepDb !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keepDb))
    throw new Error('--postgres-db must be a lower-case database name');
  const dbName = keepDb ?? BENCH_DB;
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${dbName}`;
  let handle: DbHandle | undefined;
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    let reuse = false;
    if (keepDb !== undefined && found.rowCount === 1) {
      handle = await createDb({ url: benchUrl.toString(), poolSize: 4 });
      const [existing] = await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM jobs`,
      ).catch(() => [{ n: -1 }]);
      reuse = Number(existing?.n) === jobs;
      if (!reuse) {
        await handle.close();
        handle = undefined;
      }
    }
    if (!reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
      handle = await createDb({ url: benchUrl.toString(), poolSize: 4 });
    }
    if (!handle) throw new Error('no database');
    process.stdout.write(`postgres (${benchUrl.host}/${dbName})\n`);
    if (reuse) process.stdout.write(`  reusing its ${jobs} jobs\n`);
    const seedSeconds = reuse
      ? 0
      : fastSeed
        ? (await seedPostgresParallel(handle, benchUrl.toString(), jobs)).seconds
        : await seed(handle, jobs);
    const figures = await measure(handle.db, mix, warmup, repeat, options);
    return { backend: 'postgres' as const, seedSeconds: Math.round(seedSeconds), ...figures };
  } finally {
    await handle?.close();
    if (keepDb === undefined)
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
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
        /** Keep the PostgreSQL database under this name and reuse it next time. */
        'postgres-db': { type: 'string' },
        /** PGlite's shared buffers in MB (default 256 per 100,000 jobs, from 128 to 2,048). */
        'pglite-shared-buffers': { type: 'string' },
        /**
         * fast: PostgreSQL on several connections (search-seed.ts); app: seedDemoData, as the
         * portal seeds. PGlite always seeds through seedDemoData (one thread).
         */
        seed: { type: 'string', default: 'fast' },
        /**
         * timed; checks: not timed, run once per query for the checks (default above 200,000
         * jobs); none: no baseline and no checks (search-measure.ts MeasureOptions).
         */
        baseline: { type: 'string' },
        /** Only seed, both ways, and compare time and rows (search-seed-compare.ts). */
        'compare-seed': { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    const jobs = Number(values.jobs);
    const size = Number(values.queries);
    const repeat = Math.max(1, Number(values.repeat));
    const backends = String(values.backends).split(',');
    const pgliteBuffersMb = values['pglite-shared-buffers']
      ? Number(values['pglite-shared-buffers'])
      : Math.min(2048, Math.max(128, Math.round((jobs / 100_000) * 256)));
    if (!Number.isInteger(pgliteBuffersMb) || pgliteBuffersMb < 16 || pgliteBuffersMb > 2048)
      throw new Error('--pglite-shared-buffers is a number of MB from 16 to 2048');
    const mix = queryMix(size, SEED);
    const warmup = queryMix(50, SEED + 1);
    const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    if (values['compare-seed'])
      return {
        benchmark: 'search-seed',
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
        seeding: await compareSeeding(jobs, backends, url),
      };
    if (values.seed !== 'fast' && values.seed !== 'app') throw new Error('--seed is fast or app');
    const fastSeed = values.seed === 'fast';
    const baseline = values.baseline ?? (jobs > 200_000 ? 'checks' : 'timed');
    if (baseline !== 'timed' && baseline !== 'checks' && baseline !== 'none')
      throw new Error('--baseline is timed, checks or none');
    const options = { baseline } as const;
    const figures: BackendFigures[] = [];
    if (backends.includes('pglite'))
      figures.push(
        await onPglite(jobs, mix, warmup, repeat, values['pglite-dir'], pgliteBuffersMb, options),
      );
    if (backends.includes('postgres'))
      figures.push(
        await onPostgres(url, jobs, mix, warmup, repeat, values['postgres-db'], fastSeed, options),
      );
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
      ...(backends.includes('pglite') ? { pgliteSharedBuffersMb: pgliteBuffersMb } : {}),
      mix: Object.fromEntries(MIX.map(([k]) => [k, mix.filter((q) => q.kind === k).length])),
      targetSpeedupP95: TARGET_SPEEDUP,
      backends: figures,
    };
  },
};
