/**
 * Seeding the search benchmark's private PostgreSQL database on several connections at once.
 *
 * The same rows as seedDemoData (same generator, seed and `now`; job i gets id i + 1, as the
 * sequential load into an empty table gives it), loaded the way loadJobsInBulk loads them (GIN
 * indexes dropped and the insert trigger off, then search_index_jobs and one sorted build per
 * index), but spread over `connections` sessions so that every core parses text:
 *
 * - the baseline's tsvector column (bench/search-baseline.ts) is added to the empty table first,
 *   so each INSERT computes it instead of a rewrite of the whole table afterwards;
 * - batches of jobs are inserted as one JSON parameter each, on whichever connection is free,
 *   while this process generates the next batch;
 * - search_index_jobs runs on chunks of ids on every connection (its term counts are upserted in
 *   sorted order, so two chunks wait for each other there, briefly, and never deadlock);
 * - the GIN indexes are built concurrently, the biggest first;
 * - VACUUM ANALYZE runs on jobs and search_jobs at the same time.
 *
 * The load is not one transaction: only for a database nothing else uses (a failed seed leaves
 * it half-loaded; the benchmark then drops it, as it does whenever the job count is not right).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { queryRows, type DbHandle, type Queryable } from '~/server/db/client';
import { jobs, type NewJob } from '~/server/db/schema-jobs';
import { demoJobRows, insertDemoCompanies } from '~/server/demo/seed';
import {
  activeJobIdsAfter,
  buildGinIndex,
  deferSearchIndex,
  enableSearchTrigger,
  indexJobs,
  INDEX_CHUNK,
} from '~/server/search/bulk-load';
import { addBaselineVector } from './search-baseline';
import { NOW, SEED } from './search-queries';

const BATCH = 1000;

/**
 * INSERT of these rows with explicit ids (first, first + 1, ...): one array parameter per column,
 * unnested. PostgreSQL parses array literals several times faster than json_populate_recordset
 * parses the same rows as JSON (5,000 jobs: about 0.15 s against 0.9-1.5 s on this machine).
 * Array columns travel as their own literals, one text per row, cast back in the SELECT.
 */
function insertWithIds(
  rows: readonly NewJob[],
  firstId: number,
): { text: string; values: unknown[] } {
  // As jsonInsert: the columns of the first row (the others get their defaults), plus the id.
  const columns = Object.entries(getTableColumns(jobs)).filter(
    ([key, c]) => (key === 'id' || key in (rows[0] as object)) && !c.generated,
  );
  const values = columns.map(([key]) =>
    rows.map((row, i) => {
      if (key === 'id') return firstId + i;
      const value = (row as Record<string, unknown>)[key];
      if (value instanceof Date) return value.toISOString();
      if (Array.isArray(value)) return arrayLiteral(value as string[]);
      return value ?? null;
    }),
  );
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const params = columns.map(([, c], i) => `$${i + 1}::${elementType(c.getSQLType())}[]`);
  const casts = columns.map(([, c]) => `"${c.name}"::${c.getSQLType()}`).join(', ');
  return {
    text: `INSERT INTO jobs (${names}) OVERRIDING SYSTEM VALUE SELECT ${casts}
      FROM unnest(${params.join(', ')}) AS u(${names})`,
    values,
  };
}

/** text[] columns travel as text (their literal); the others as arrays of their own type. */
const elementType = (type: string) => (type.endsWith('[]') ? 'text' : type);

const arrayLiteral = (items: readonly string[]) =>
  `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** Runs `work(i)` for i = 0..count-1, `workers` at a time, each worker on its own session. */
async function spread(
  sessions: Queryable[],
  count: number,
  work: (session: Queryable, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    sessions.map(async (session) => {
      while (next < count) await work(session, next++);
    }),
  );
}

/**
 * CPU seconds used so far by the PostgreSQL backends connected to this database (this machine's
 * server only: read from /proc). On a busy machine wall time says little; CPU time says what the
 * work costs.
 */
export async function backendCpuSeconds(db: Queryable): Promise<number> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      return Number.NaN; // another machine's server
    }
  }
  return ticks / 100;
}

export interface ParallelSeedFigures {
  /** From nothing to a searchable database (companies, jobs, search index, GIN indexes). */
  seconds: number;
  phases: { insert: number; index: number; gin: number; vacuumAnalyze: number };
  connections: number;
  /** CPU seconds of the PostgreSQL backends and of this process, seeding and VACUUM ANALYZE. */
  cpuSeconds: { postgres: number; node: number };
}

export async function seedPostgresParallel(
  handle: DbHandle,
  url: string,
  jobCount: number,
  connections = 2,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<ParallelSeedFigures> {
  const clients = Array.from(
    { length: connections },
    () => new pg.Client({ connectionString: url }),
  );
  await Promise.all(clients.map((c) => c.connect()));
  const sessions: Queryable[] = clients.map((c) => drizzle(c) as unknown as Queryable);
  try {
    for (const s of sessions) {
      // Commits of a private seed need not wait for the disk; sorted builds get more memory.
      await s.execute(sql`SET synchronous_commit = off`);
      await s.execute(sql`SET maintenance_work_mem = '256MB'`);
    }
    const started = performance.now();
    const nodeCpu = process.cpuUsage();
    const pgCpu = await backendCpuSeconds(handle.db);
    let mark = started;
    const lap = () => {
      const now = performance.now();
      const seconds = (now - mark) / 1000;
      mark = now;
      return Math.round(seconds * 10) / 10;
    };

    const companyIds = await insertDemoCompanies(handle.db, SEED);
    await addBaselineVector(handle.db);
    const gin = await deferSearchIndex(handle.db);

    const batches = Math.ceil(jobCount / BATCH);
    let inserted = 0;
    let lastTenth = 0;
    await spread(sessions, batches, async (session, b) => {
      const from = b * BATCH;
      const rows = demoJobRows(SEED, from, Math.min(BATCH, jobCount - from), NOW, companyIds);
      const { text, values } = insertWithIds(rows, from + 1);
      await clients[sessions.indexOf(session)]!.query(text, values);
      inserted += rows.length;
      const tenth = Math.floor((inserted / jobCount) * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        log(`  seeding (jobs, ${connections} connections) ${inserted}/${jobCount}`);
      }
    });
    await handle.db.execute(
      sql`SELECT setval(pg_get_serial_sequence('jobs', 'id'), (SELECT max(id) FROM jobs))`,
    );
    const insert = lap();

    const ids = await activeJobIdsAfter(handle.db, 0);
    const chunks = Math.ceil(ids.length / INDEX_CHUNK);
    let indexed = 0;
    await spread(sessions, chunks, async (session, c) => {
      const chunk = ids.slice(c * INDEX_CHUNK, (c + 1) * INDEX_CHUNK);
      await indexJobs(session, chunk);
      indexed += chunk.length;
      if (
        indexed === ids.length ||
        Math.floor(indexed / 100_000) > Math.floor((indexed - chunk.length) / 100_000)
      )
        log(`  seeding (index) ${indexed}/${ids.length}`);
    });
    const index = lap();

    // Biggest first (doc, then the baseline's), so the two sessions finish close together.
    const size = (name: string) =>
      name.includes('doc') ? 0 : name.startsWith('bench_') ? 1 : name.includes('head') ? 2 : 3;
    const ordered = [...gin].sort((a, b) => size(a.name) - size(b.name));
    await spread(sessions, ordered.length, async (session, i) => {
      await buildGinIndex(session, ordered[i]!);
    });
    await enableSearchTrigger(handle.db);
    const ginSeconds = lap();
    const seconds = Math.round(((mark - started) / 1000) * 10) / 10;
    log(`  seeded in ${seconds} s (insert ${insert}, index ${index}, GIN ${ginSeconds})`);

    const vacuum = ['jobs', 'search_jobs', 'search_terms, companies, countries'];
    await spread(sessions, vacuum.length, async (session, i) => {
      await session.execute(sql.raw(`VACUUM ANALYZE ${vacuum[i]!}`));
    });
    const vacuumAnalyze = lap();
    log(`  VACUUM ANALYZE ${vacuumAnalyze} s`);
    const usage = process.cpuUsage(nodeCpu);
    return {
      seconds,
      phases: { insert, index, gin: ginSeconds, vacuumAnalyze },
      connections,
      cpuSeconds: {
        postgres: Math.round(((await backendCpuSeconds(handle.db)) - pgCpu) * 10) / 10,
        node: Math.round((usage.user + usage.system) / 1e5) / 10,
      },
    };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
