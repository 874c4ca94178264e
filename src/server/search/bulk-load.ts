/**
 * Loading many jobs at once (seeding): instead of the statement-level triggers
 * (drizzle/sql/search_jobs_*.sql) indexing every batch as it lands, which updates the GIN indexes entry by entry (three quarters
 * of the time of seeding 100,000 jobs), the search index is built once after the load.
 *
 * Inside one transaction: the GIN indexes of search_jobs and search_terms (whose term counts each
 * chunk updates again), and any of jobs, are dropped and the insert trigger is off while `load`
 * runs; then the new jobs are indexed set-based (search_index_jobs, the triggers' own function, so
 * both ways give the same rows and term counts) and each GIN index is built again in one sorted
 * pass. Until commit the transaction holds the tables' locks: other
 * sessions' searches and job writes wait, and a load that fails or is killed leaves the database
 * as it was (indexes and trigger included).
 *
 * The steps are exported for a load spread over several connections (the search benchmark's
 * seeding of a private database, bench/search-seed.ts), which gives up that all-or-nothing.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '~/server/db/client';

/** Jobs indexed per search_index_jobs call: bounds the memory of one statement. */
export const INDEX_CHUNK = 10_000;

export type GinIndex = {
  name: string;
  definition: string;
};

/** The highest job id: jobs loaded after this call have greater ids. */
export async function lastJobId(db: Queryable): Promise<number> {
  const [last] = await queryRows<{ id: string | number | null }>(
    db,
    sql`SELECT max(id) AS id FROM jobs`,
  );
  return Number(last?.id ?? 0);
}

/** Drops the GIN indexes of jobs and the search tables and turns the insert trigger off. */
export async function deferSearchIndex(db: Queryable): Promise<GinIndex[]> {
  // Parent-level definitions only: building a partitioned index builds every partition's.
  const ginIndexes = await queryRows<GinIndex>(
    db,
    sql`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_am a ON a.oid = c.relam
      WHERE i.indrelid IN ('jobs'::regclass, 'search_jobs'::regclass, 'search_terms'::regclass)
        AND a.amname = 'gin'
      ORDER BY c.relname`,
  );
  for (const { name } of ginIndexes) await db.execute(sql`DROP INDEX ${sql.identifier(name)}`);
  await db.execute(sql`ALTER TABLE jobs DISABLE TRIGGER search_jobs_insert`);
  return ginIndexes;
}

/**
 * The active jobs with ids above `after`: the ones a load must index. In posting order, so the
 * index of a bulk load lies as a portal's own does, newest last: the GIN lookup of a span of
 * recent days then skips whole pages of the words' older postings (windows.ts).
 */
export async function activeJobIdsAfter(db: Queryable, after: number): Promise<number[]> {
  const added = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT id FROM jobs WHERE id > ${after} AND status = 'active' ORDER BY posted_at, id`,
  );
  return added.map((r) => Number(r.id));
}

/** Indexes these jobs (search_index_jobs, the triggers' own function), one call per `ids`. */
export async function indexJobs(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db.execute(sql`SELECT search_index_jobs(${`{${ids.join(',')}}`}::bigint[])`);
}

/** Builds one GIN index that deferSearchIndex dropped. */
export async function buildGinIndex(db: Queryable, index: GinIndex): Promise<void> {
  // pg_get_indexdef says "ON ONLY" for a partitioned table's index: that would build no
  // partition's index.
  await db.execute(sql.raw(index.definition.replace(/ ON ONLY /, ' ON ')));
}

export async function enableSearchTrigger(db: Queryable): Promise<void> {
  await db.execute(sql`ALTER TABLE jobs ENABLE TRIGGER search_jobs_insert`);
}

/**
 * Runs `load` (which inserts jobs through the Queryable it is given) with the search index
 * deferred, then indexes the jobs it added. Returns what `load` returns.
 */
export async function loadJobsInBulk<T>(
  db: Queryable,
  load: (tx: Queryable) => Promise<T>,
  onIndexProgress?: (done: number, total: number) => void,
): Promise<T> {
  return db.transaction(async (tx) => {
    const after = await lastJobId(tx);
    const ginIndexes = await deferSearchIndex(tx);

    const result = await load(tx);

    const ids = await activeJobIdsAfter(tx, after);
    onIndexProgress?.(0, ids.length);
    for (let i = 0; i < ids.length; i += INDEX_CHUNK) {
      await indexJobs(tx, ids.slice(i, i + INDEX_CHUNK));
      onIndexProgress?.(Math.min(i + INDEX_CHUNK, ids.length), ids.length);
    }
    // A sorted build uses up to maintenance_work_mem; more than the default 64 MB saves passes.
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '128MB'`);
    for (const index of ginIndexes) await buildGinIndex(tx, index);
    await enableSearchTrigger(tx);
    return result;
  });
}
