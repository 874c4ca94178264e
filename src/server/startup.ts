/**
 * Start-up orchestration: gets the database ready for the server: migrations (applied when the connection opens), the
 * countries reference rows, and demo jobs when the jobs table is empty. Safe to call any number
 * of times, also from several processes at once on PostgreSQL (an advisory lock serialises them).
 *
 *   await prepareDatabase();                  // DEMO_JOBS demo jobs on first start
 *   await prepareDatabase({ seedJobs: 0 });   // never seed
 */
import { sql } from 'drizzle-orm';
import { config } from '~/server/config';
import { getDbHandle, type Db, type DbDriver } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { seedDemoData } from '~/server/demo/seed';
import { hasJobs } from '~/server/jobs/service';
import { maintainSearchStats } from '~/server/search/stats';

export interface PrepareOptions {
  /** Demo jobs to load into an empty database (default: DEMO_JOBS, 5000). 0 loads none. */
  seedJobs?: number;
  /** Another database than the process-wide one (tests). */
  db?: Db;
  /** Demo posting dates are spread over the 60 days before this (default: now). */
  now?: Date;
  seed?: number;
}

export interface PrepareResult {
  driver: DbDriver | 'custom';
  countries: number;
  /** Demo jobs loaded by this call (0 when the database already had jobs). */
  seededJobs: number;
}

const PREPARE_LOCK = 7_245_032;

export async function prepareDatabase(options: PrepareOptions = {}): Promise<PrepareResult> {
  const handle = options.db ? undefined : await getDbHandle();
  const db = options.db ?? (handle as NonNullable<typeof handle>).db;
  const seedJobs = options.seedJobs ?? config.DEMO_JOBS;

  const result = await db.transaction(async (tx): Promise<PrepareResult> => {
    // Held until commit: a second server starting at the same time waits, then sees the jobs.
    await tx.execute(sql`select pg_advisory_xact_lock(${PREPARE_LOCK})`);
    const countries = await ensureCountries(tx);
    let seededJobs = 0;
    if (seedJobs > 0 && !(await hasJobs(tx))) {
      const result = await seedDemoData(tx, {
        jobs: seedJobs,
        start: 0,
        ...(options.now ? { now: options.now } : {}),
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
      });
      seededJobs = result.jobs;
    }
    return { driver: handle?.driver ?? 'custom', countries, seededJobs };
  });
  // Planner statistics for the demo jobs before the first search (PGlite has no autovacuum).
  if (result.seededJobs > 0) await maintainSearchStats(db, true);
  return result;
}
