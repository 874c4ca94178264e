/**
 * Jobs service: the one reader of the jobs and companies tables for the rest of the app (writes
 * are import.ts). Listing, detail and counts for pages; open jobs for applying, sitemaps and SEO
 * landing pages; job summaries as JSON built in SQL for search (search/engine.ts embeds jobsJson
 * in its own statements so a results page is one round trip).
 *
 * Every function takes an optional database (tests pass their own); the default is getReadDb()
 * (the read replica when there is one: job pages and counts may lag a write by a moment).
 * Salaries the employer hid come back as null with salaryHidden: true.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { getReadDb, queryRows, type Queryable } from '~/server/db/client';
import { companies, jobs, type Company, type Job } from '~/server/db/schema-jobs';

export type {
  EmployerType,
  JobType,
  NewCompany,
  NewJob,
  SalaryPeriod,
} from '~/server/db/schema-jobs';

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

const jobWithCompany = (q: Queryable) =>
  q
    .select({ job: jobs, company: companies })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, sql.placeholder('id')))
    .limit(1)
    // Unnamed: a named statement lives in one PostgreSQL session, and behind a transaction-mode
    // pooler (PgBouncer) the next query may run in another ("prepared statement does not exist").
    .prepare('');

/**
 * The job page's query, built once per database (each job page asks it; building its fifty
 * columns each time was a visible share of an uncached page's work).
 */
const preparedJobQueries = new WeakMap<Queryable, ReturnType<typeof jobWithCompany>>();

/** One job (any status) with its company, or null when there is no such job. */
export async function getJob(id: number, db?: Queryable): Promise<JobWithCompany | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const q = db ?? (await getReadDb());
  let query = preparedJobQueries.get(q);
  if (!query) preparedJobQueries.set(q, (query = jobWithCompany(q)));
  const [row] = await query.execute({ id });
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

/** Whether the jobs table has any row (any status): start-up seeds demo jobs only when not. */
export async function hasJobs(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).limit(1);
  return row !== undefined;
}

/** Open: active and not expired (at `now`, default the database's clock). */
const openOn = (siteContext: string, now?: Date) =>
  and(
    eq(jobs.siteContext, siteContext),
    eq(jobs.status, 'active'),
    or(isNull(jobs.expiresAt), gt(jobs.expiresAt, now ?? sql`now()`)),
  );

/** Which of these jobs are open on the site (what can be applied to). */
export async function openJobIds(
  ids: readonly number[],
  siteContext: string,
  now: Date,
  db?: Queryable,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const q = db ?? (await getReadDb());
  const rows = await q
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, [...ids]), openOn(siteContext, now)));
  return new Set(rows.map((j) => j.id));
}

/** Summaries of these jobs by id (any status; ids of jobs that are gone are absent). */
export async function jobSummaries(
  ids: readonly number[],
  db?: Queryable,
): Promise<Map<number, JobSummary>> {
  if (ids.length === 0) return new Map();
  const q = db ?? (await getReadDb());
  const rows = await q
    .select(summaryColumns)
    .from(jobs)
    .where(inArray(jobs.id, [...ids]));
  return new Map(rows.map((row) => [row.id, hideSalary(row)]));
}

/**
 * jobSummaries and openJobIds of the same jobs in one statement: a list of a seeker's jobs shows
 * each with its state.
 */
export async function jobSummariesWithState(
  ids: readonly number[],
  siteContext: string,
  now: Date,
  db?: Queryable,
): Promise<{ summaries: Map<number, JobSummary>; open: Set<number> }> {
  if (ids.length === 0) return { summaries: new Map(), open: new Set() };
  const q = db ?? (await getReadDb());
  const rows = await q
    .select({
      ...summaryColumns,
      isOpen: sql<boolean>`coalesce(${openOn(siteContext, now)}, false)`,
    })
    .from(jobs)
    .where(inArray(jobs.id, [...ids]));
  const summaries = new Map<number, JobSummary>();
  const open = new Set<number>();
  for (const { isOpen, ...row } of rows) {
    summaries.set(row.id, hideSalary(row));
    if (isOpen === true) open.add(row.id);
  }
  return { summaries, open };
}

/** Number of open jobs of a site and the newest change among them. */
export async function openJobStats(
  siteContext: string,
  db?: Queryable,
): Promise<{ total: number; lastmod: Date | null }> {
  const q = db ?? (await getReadDb());
  const [row] = await q
    .select({ total: count(), lastmod: sql<string | null>`max(${jobs.updatedAt})` })
    .from(jobs)
    .where(openOn(siteContext));
  return { total: row?.total ?? 0, lastmod: row?.lastmod ? new Date(row.lastmod) : null };
}

/** Page `page` (1-based) of a site's open jobs, oldest id first (id, slug and last change). */
export async function openJobsPage(
  siteContext: string,
  page: number,
  perPage: number,
  db?: Queryable,
): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
  const q = db ?? (await getReadDb());
  return q
    .select({ id: jobs.id, slug: jobs.slug, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(openOn(siteContext))
    .orderBy(asc(jobs.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

const OPEN_JOB = sql`status = 'active' and (expires_at is null or expires_at > now())`;

/** Open jobs of a site per skill, as each job spells it. */
export function openJobSkillCounts(siteContext: string, db: Queryable) {
  return queryRows<{ name: string; n: number }>(
    db,
    sql`select s as name, count(*)::int as n from jobs, unnest(skills) as s
        where site_context = ${siteContext} and ${OPEN_JOB} group by s`,
  );
}

/** Open jobs of a site per city, as each job spells it. */
export function openJobCityCounts(siteContext: string, db: Queryable) {
  return queryRows<{ name: string; n: number }>(
    db,
    sql`select c as name, count(*)::int as n from jobs, unnest(locations) as c
        where site_context = ${siteContext} and ${OPEN_JOB} group by c`,
  );
}

/** The `limit` commonest (lower-cased) skill-city pairs of a site's open jobs, most jobs first. */
export function openJobSkillCityCounts(siteContext: string, limit: number, db: Queryable) {
  return queryRows<{ skill: string; city: string; n: number }>(
    db,
    sql`select lower(s) as skill, lower(c) as city, count(*)::int as n
        from jobs, unnest(skills) as s, unnest(locations) as c
        where site_context = ${siteContext} and ${OPEN_JOB}
        group by lower(s), lower(c) order by n desc limit ${limit}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Jobs as JSON (for search)

/**
 * Job summaries come as one JSON text built in SQL by jobs_json (drizzle/sql/jobs_json.sql) with
 * the JobSummary keys: one text value per page parses several times faster than thirty columns
 * do (on PGlite most of all). Timestamps come back as ISO strings; fromJobJson turns them into
 * Dates.
 */
const TIMESTAMP_KEYS = Object.entries(summaryColumns)
  .filter(([, column]) => column.columnType === 'PgTimestamp')
  .map(([key]) => key);

function fromJobJson(raw: Record<string, unknown>): JobSummary {
  const job = { ...raw };
  for (const key of TIMESTAMP_KEYS) {
    const value = job[key];
    if (typeof value === 'string') job[key] = new Date(value);
  }
  const summary = job as unknown as JobSummary;
  // The employer asked not to show the salary: it stays in the index (for filters), not here.
  return summary.salaryHidden ? { ...summary, salaryMin: null, salaryMax: null } : summary;
}

/** SQL: the JSON array of the jobs whose ids `ids` (an int8[] expression) holds, in its order. */
export const jobsJson = (ids: SQL) => sql`jobs_json(${ids})`;

export const parseJobs = (text: unknown): JobSummary[] =>
  typeof text === 'string' && text !== ''
    ? (JSON.parse(text) as Record<string, unknown>[]).map(fromJobJson)
    : [];

/** The jobs with these ids, in this order (ids of jobs gone meanwhile are skipped). */
export async function jobsByIds(db: Queryable, ids: readonly number[]): Promise<JobSummary[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const [row] = await queryRows<{ jobs: unknown }>(
    db,
    sql`SELECT ${jobsJson(sql`${list}::int8[]`)} AS jobs`,
  );
  return parseJobs(row?.jobs);
}
