/**
 * Jobs service for pages and endpoints: listing, detail and counts. Search proper lives in
 * src/server/search (later); this only reads the jobs table in simple ways.
 *
 * Every function takes an optional database (tests pass their own); the default is getReadDb()
 * (the read replica when there is one: job pages and counts may lag a write by a moment).
 * Salaries the employer hid come back as null with salaryHidden: true.
 */
import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import { getReadDb, type Queryable } from '~/server/db/client';
import { companies, jobs, type Company, type Job } from '~/server/db/schema';

export type JobWithCompany = Job & { company: Company };
/** What a job list shows: no description. */
export type JobSummary = Omit<Job, 'description'>;

const { description: _description, ...summaryColumns } = getTableColumns(jobs);

function hideSalary<
  T extends { salaryHidden: boolean; salaryMin: number | null; salaryMax: number | null },
>(job: T): T {
  return job.salaryHidden ? { ...job, salaryMin: null, salaryMax: null } : job;
}

/** The newest active jobs of a site, newest first. */
export async function latestJobs(
  siteContext: string,
  limit = 20,
  db?: Queryable,
): Promise<JobSummary[]> {
  const q = db ?? (await getReadDb());
  const safeLimit = Math.max(1, Math.min(100, Math.floor(limit) || 20));
  const rows = await q
    .select(summaryColumns)
    .from(jobs)
    .where(and(eq(jobs.siteContext, siteContext), eq(jobs.status, 'active')))
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .limit(safeLimit);
  return rows.map(hideSalary);
}

/** One job (any status) with its company, or null when there is no such job. */
export async function getJob(id: number, db?: Queryable): Promise<JobWithCompany | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const q = db ?? (await getReadDb());
  const [row] = await q
    .select({ job: jobs, company: companies })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, id))
    .limit(1);
  return row ? { ...hideSalary(row.job), company: row.company } : null;
}

/** Number of active jobs, on one site or on all of them. */
export async function countJobs(siteContext?: string, db?: Queryable): Promise<number> {
  const q = db ?? (await getReadDb());
  const active = eq(jobs.status, 'active');
  const [row] = await q
    .select({ n: count() })
    .from(jobs)
    .where(siteContext ? and(active, eq(jobs.siteContext, siteContext)) : active);
  return row?.n ?? 0;
}
