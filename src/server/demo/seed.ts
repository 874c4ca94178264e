/**
 * Loads demo companies and jobs into the database in large multi-row INSERTs. A load at least as
 * large as the jobs already there builds the search index once at the end (loadJobsInBulk)
 * instead of batch by batch.
 */
import { count, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { jsonInsert } from '~/server/db/bulk';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, type NewJob } from '~/server/db/schema-jobs';
import { loadJobsInBulk } from '~/server/search/bulk-load';
import { allDemoCompanies, DEFAULT_DEMO_SEED, demoJob } from './generate';

export interface SeedOptions {
  /** How many jobs to add. */
  jobs: number;
  seed?: number;
  /** Posting dates are spread over the 60 days before this (default: the current time). */
  now?: Date;
  /**
   * Index of the first job in the demo sequence. Default: the number of demo jobs already in
   * the database, so that seeding again appends new jobs instead of repeating the first ones.
   */
  start?: number;
  /** Rows per INSERT statement (default 1000); they travel as one JSON parameter. */
  batchSize?: number;
  /**
   * Build the search index once after the load (default: when adding at least as many jobs as
   * there are, and at least BULK_MIN). Faster for big loads; other sessions' searches and job
   * writes wait until it commits.
   */
  bulk?: boolean;
  /** Jobs inserted so far; then, on the bulk path, jobs indexed so far ('index'). */
  onProgress?: (done: number, total: number, phase: 'jobs' | 'index') => void;
}

/** Below this many jobs the batch-by-batch index upkeep is as quick as a rebuild. */
export const BULK_MIN = 2000;

export interface SeedResult {
  companies: number;
  jobs: number;
}

/** Inserts the demo companies (idempotent); returns their ids by `${siteContext}|${slug}`. */
export async function insertDemoCompanies(
  db: Queryable,
  seed: number,
): Promise<Map<string, number>> {
  await ensureCountries(db);
  const demoCompanies = allDemoCompanies(seed);
  for (let i = 0; i < demoCompanies.length; i += 500) {
    const rows = demoCompanies.slice(i, i + 500).map((c) => ({
      name: c.name,
      slug: c.slug,
      siteContext: c.siteContext,
      employerType: c.employerType,
      description: c.description,
      logoUrl: c.logoUrl,
      websiteUrl: c.websiteUrl,
    }));
    await db.insert(companies).values(rows).onConflictDoNothing();
  }
  const idRows = await db
    .select({ id: companies.id, slug: companies.slug, siteContext: companies.siteContext })
    .from(companies);
  return new Map(idRows.map((r) => [`${r.siteContext}|${r.slug}`, r.id]));
}

/** Demo jobs `from` .. `from + size - 1` as rows of jobs (companyIds from insertDemoCompanies). */
export function demoJobRows(
  seed: number,
  from: number,
  size: number,
  now: Date,
  companyIds: ReadonlyMap<string, number>,
): NewJob[] {
  const rows: NewJob[] = new Array(size);
  for (let i = 0; i < size; i++) {
    const { companySlug, ...job } = demoJob(seed, from + i, now);
    const companyId = companyIds.get(`${job.siteContext}|${companySlug}`);
    if (companyId === undefined) throw new Error(`demo company ${companySlug} was not inserted`);
    rows[i] = { ...job, companyId };
  }
  return rows;
}

/** Inserts the demo companies (idempotent) and `jobs` demo jobs. */
export async function seedDemoData(db: Queryable, options: SeedOptions): Promise<SeedResult> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 1000;

  const demoCompanies = allDemoCompanies(seed);
  const companyIds = await insertDemoCompanies(db, seed);

  let start = options.start;
  if (start === undefined) {
    const [row] = await db.select({ n: count() }).from(jobs).where(isNull(jobs.externalId));
    start = row?.n ?? 0;
  }

  const first = start;
  const makeBatch = (from: number, size: number): NewJob[] =>
    demoJobRows(seed, first + from, size, now, companyIds);

  // Each batch is generated while the one before it is being inserted.
  const insertAll = async (tx: Queryable): Promise<number> => {
    let sent = 0;
    let done = 0;
    let inFlight: Promise<number> | undefined;
    options.onProgress?.(0, options.jobs, 'jobs');
    while (sent < options.jobs) {
      const size = Math.min(batchSize, options.jobs - sent);
      const rows = makeBatch(sent, size);
      sent += size;
      if (inFlight) {
        done += await inFlight;
        options.onProgress?.(done, options.jobs, 'jobs');
      }
      inFlight = tx.execute(jsonInsert(jobs, rows)).then(() => size);
      inFlight.catch(() => {}); // rethrown where it is awaited; this avoids "unhandled"
    }
    if (inFlight) {
      done += await inFlight;
      options.onProgress?.(done, options.jobs, 'jobs');
    }
    return done;
  };

  const [existing] = await db.select({ n: count() }).from(jobs);
  const bulk = options.bulk ?? options.jobs >= Math.max(BULK_MIN, existing?.n ?? 0);
  const done = bulk
    ? await loadJobsInBulk(db, insertAll, (indexed, total) =>
        options.onProgress?.(indexed, total, 'index'),
      )
    : await insertAll(db);
  return { companies: demoCompanies.length, jobs: done };
}

/**
 * Empties the jobs table (demo and imported jobs alike) and restarts its ids. CASCADE: rows of
 * other tables that point at jobs (saved jobs, applications...) go too. For development only.
 */
export async function resetJobs(db: Queryable): Promise<void> {
  await db.execute(sql`truncate table ${jobs} restart identity cascade`);
}
