/**
 * Loads demo companies and jobs into the database in large multi-row INSERTs.
 */
import { count, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { jsonInsert } from '../db/bulk';
import { ensureCountries } from '../db/countries';
import { companies, jobs, type NewJob } from '../db/schema';
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
   * INSERTs in flight at once (default 1). Only a PostgreSQL pool runs them in parallel, and then
   * ids no longer follow the generator's order; with 1, job i of the sequence gets the i-th id.
   */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  companies: number;
  jobs: number;
}

/** Inserts the demo companies (idempotent) and `jobs` demo jobs. */
export async function seedDemoData(db: Queryable, options: SeedOptions): Promise<SeedResult> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 1000;

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
  const companyIds = new Map(idRows.map((r) => [`${r.siteContext}|${r.slug}`, r.id]));

  let start = options.start;
  if (start === undefined) {
    const [row] = await db.select({ n: count() }).from(jobs).where(isNull(jobs.externalId));
    start = row?.n ?? 0;
  }

  const makeBatch = (from: number, size: number): NewJob[] => {
    const rows: NewJob[] = new Array(size);
    for (let i = 0; i < size; i++) {
      const { companySlug, ...job } = demoJob(seed, start + from + i, now);
      const companyId = companyIds.get(`${job.siteContext}|${companySlug}`);
      if (companyId === undefined) throw new Error(`demo company ${companySlug} was not inserted`);
      rows[i] = { ...job, companyId };
    }
    return rows;
  };

  // The next batch is generated while earlier ones are being inserted, with up to `concurrency`
  // INSERTs in flight. On a PostgreSQL pool they run on separate connections in parallel; on
  // PGlite or inside a transaction the driver queues them, which is still safe.
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const inFlight: Promise<number>[] = [];
  let sent = 0;
  let done = 0;
  options.onProgress?.(0, options.jobs);
  while (sent < options.jobs) {
    const size = Math.min(batchSize, options.jobs - sent);
    const rows = makeBatch(sent, size);
    sent += size;
    while (inFlight.length >= concurrency) {
      done += await (inFlight.shift() as Promise<number>);
      options.onProgress?.(done, options.jobs);
    }
    const insert = db.execute(jsonInsert(jobs, rows)).then(() => size);
    insert.catch(() => {}); // rejections are rethrown where it is awaited; this avoids "unhandled"
    inFlight.push(insert);
  }
  for (const insert of inFlight) {
    done += await insert;
    options.onProgress?.(done, options.jobs);
  }
  return { companies: demoCompanies.length, jobs: done };
}

/**
 * Empties the jobs table (demo and imported jobs alike) and restarts its ids. CASCADE: rows of
 * other tables that point at jobs (saved jobs, applications...) go too. For development only.
 */
export async function resetJobs(db: Queryable): Promise<void> {
  await db.execute(sql`truncate table ${jobs} restart identity cascade`);
}
