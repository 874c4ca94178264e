/**
 * `npm run bench -- search --compare-seed [--jobs 100000] [--backends pglite,postgres]`: seeds
 * the benchmark's data twice on each backend, the way it was seeded before (seedDemoData, then
 * the baseline's column added to the full table, then VACUUM ANALYZE) and the way it is now
 * (PostgreSQL: seedPostgresParallel; PGlite: the baseline's column added first, which measured no
 * faster, so the benchmark itself keeps the old order there), one after the other in
 * the same run, and checks that both give the same rows: jobs (but for their created_at and
 * updated_at), search_jobs (but for received_at, which is created_at) and search_terms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, queryRows, type DbHandle } from '~/server/db/client';
import { seed } from './search-measure';
import { backendCpuSeconds, seedPostgresParallel } from './search-seed';

/** A digest of what the seed wrote (row order and key-array order left out). */
export async function fingerprint(handle: DbHandle): Promise<Record<string, string>> {
  const [row] = await queryRows<Record<string, string>>(
    handle.db,
    sql`SELECT
      (SELECT md5(string_agg(md5((to_jsonb(j) - 'created_at' - 'updated_at')::text), '' ORDER BY id))
        FROM jobs j) AS jobs,
      (SELECT md5(string_agg(md5((to_jsonb(s) - 'received_at' - 'skill_keys' - 'city_keys')::text
          || ARRAY(SELECT k FROM unnest(s.skill_keys) k ORDER BY k)::text
          || ARRAY(SELECT k FROM unnest(s.city_keys) k ORDER BY k)::text), '' ORDER BY job_id))
        FROM search_jobs s) AS search_jobs,
      (SELECT md5(string_agg(t::text, '' ORDER BY site_context, kind, value_key))
        FROM search_terms t) AS search_terms,
      (SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes
        WHERE tablename = 'jobs' OR tablename LIKE 'search\\_%') AS indexes`,
  );
  return row ?? {};
}

/** PostgreSQL backends' and this process's CPU (PGlite runs in this process: node alone). */
type CpuSeconds = { postgres?: number; node: number };

const nodeSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1e5) / 10;
};

export interface SeedComparison {
  backend: 'pglite' | 'postgres';
  jobs: number;
  /** Seconds to a searchable database, and with the baseline's column and VACUUM ANALYZE. */
  before: { seedSeconds: number; totalSeconds: number; cpuSeconds: CpuSeconds };
  after: {
    seedSeconds: number;
    totalSeconds: number;
    cpuSeconds: CpuSeconds;
    phases?: Record<string, number>;
  };
  /** before.totalSeconds / after.totalSeconds */
  speedup: number;
  sameRows: boolean;
  differs?: string[];
}

const round = (n: number) => Math.round(n * 10) / 10;

async function compare(
  backend: SeedComparison['backend'],
  jobs: number,
  open: (name: string) => Promise<{ handle: DbHandle; url?: string; drop(): Promise<void> }>,
): Promise<SeedComparison> {
  const a = await open('before');
  let beforeSeed: number;
  let beforeTotal: number;
  let beforeCpu: CpuSeconds;
  let printA: Record<string, string>;
  try {
    process.stdout.write(`${backend}: seeding ${jobs} jobs as before\n`);
    const t = performance.now();
    const cpu = process.cpuUsage();
    const pgCpu = a.url ? await backendCpuSeconds(a.handle.db) : 0;
    beforeSeed = await seed(a.handle, jobs);
    beforeTotal = (performance.now() - t) / 1000;
    beforeCpu = { node: nodeSeconds(cpu) };
    if (a.url)
      beforeCpu.postgres = Math.round(((await backendCpuSeconds(a.handle.db)) - pgCpu) * 10) / 10;
    printA = await fingerprint(a.handle);
  } finally {
    await a.drop();
  }
  const b = await open('after');
  let after: SeedComparison['after'];
  let printB: Record<string, string>;
  try {
    process.stdout.write(`${backend}: seeding ${jobs} jobs the new way\n`);
    const t = performance.now();
    if (b.url) {
      const figures = await seedPostgresParallel(b.handle, b.url, jobs);
      after = {
        seedSeconds: figures.seconds,
        totalSeconds: (performance.now() - t) / 1000,
        cpuSeconds: figures.cpuSeconds,
        phases: figures.phases,
      };
    } else {
      const cpu = process.cpuUsage();
      const seedSeconds = await seed(b.handle, jobs, { baselineFirst: true });
      after = {
        seedSeconds,
        totalSeconds: (performance.now() - t) / 1000,
        cpuSeconds: { node: nodeSeconds(cpu) },
      };
    }
    printB = await fingerprint(b.handle);
  } finally {
    await b.drop();
  }
  const differs = Object.keys(printA).filter((k) => printA[k] !== printB[k]);
  const result: SeedComparison = {
    backend,
    jobs,
    before: {
      seedSeconds: round(beforeSeed),
      totalSeconds: round(beforeTotal),
      cpuSeconds: beforeCpu,
    },
    after: {
      ...after,
      seedSeconds: round(after.seedSeconds),
      totalSeconds: round(after.totalSeconds),
    },
    speedup: Math.round((beforeTotal / after.totalSeconds) * 100) / 100,
    sameRows: differs.length === 0,
    ...(differs.length > 0 ? { differs } : {}),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return result;
}

export async function compareSeeding(
  jobs: number,
  backends: string[],
  url: string,
): Promise<SeedComparison[]> {
  const out: SeedComparison[] = [];
  if (backends.includes('pglite'))
    out.push(
      await compare('pglite', jobs, async () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-seed-'));
        const handle = await createDb({ dataDir: dir });
        return {
          handle,
          drop: async () => {
            await handle.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }),
    );
  if (backends.includes('postgres')) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      out.push(
        await compare('postgres', jobs, async (name) => {
          const dbName = `bench_seed_${name}`;
          await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await admin.query(`CREATE DATABASE ${dbName}`);
          const dbUrl = new URL(url);
          dbUrl.pathname = `/${dbName}`;
          const handle = await createDb({ url: dbUrl.toString(), poolSize: 4 });
          return {
            handle,
            url: dbUrl.toString(),
            drop: async () => {
              await handle.close();
              await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
            },
          };
        }),
      );
    } finally {
      await admin.end();
    }
  }
  return out;
}
