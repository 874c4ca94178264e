/**
 * Tables of the jobs domain (src/server/jobs owns them; other domains call its service):
 * - companies: employers, unique by slug per site.
 * - jobs: the job postings of every site (demo, imported). The search index (search_jobs,
 *   schema-search.ts) follows it through triggers.
 *
 * Keep this file free of imports from the rest of the app (but src/lib files that import nothing):
 * drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EMPLOYER_TYPES, JOB_TYPES, type EmployerType, type JobType } from '../../lib/jobs/kinds';
import { inList, timestamps as timestampColumns, siteContextColumn } from './columns';

const timestamps = timestampColumns();

export { EMPLOYER_TYPES, JOB_TYPES, type EmployerType, type JobType };

export const JOB_STATUSES = ['active', 'expired', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What one salary amount pays for. Demo data: each country's period in its places file. */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** URL-safe name, unique per site; also the upsert key of imports. */
    slug: text('slug').notNull(),
    siteContext: siteContextColumn(),
    employerType: text('employer_type').$type<EmployerType>().notNull().default('company'),
    logoUrl: text('logo_url'),
    websiteUrl: text('website_url'),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_site_slug_unique').on(t.siteContext, t.slug),
    check('companies_employer_type_check', inList('employer_type', EMPLOYER_TYPES)),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Id in the source feed for imported jobs (upsert key); null for demo and local jobs. */
    externalId: text('external_id').unique(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Copy of companies.name, so indexing a job for search reads its row alone. */
    companyName: text('company_name').notNull(),
    /** Plain text; paragraphs separated by blank lines, bullet lines start with "- ". */
    description: text('description').notNull(),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** City names, most relevant first. */
    locations: text('locations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The site (country channel) the job is listed on. */
    siteContext: siteContextColumn(),
    /** ISO 3166-1 alpha-2 of the job's own country; differs from the site's on a site of several countries. */
    countryCode: text('country_code').notNull(),
    experienceMin: smallint('experience_min'),
    experienceMax: smallint('experience_max'),
    /** Whole units of salary_currency per salary_period (1200000 a year = 12 Lakh). */
    salaryMin: bigint('salary_min', { mode: 'number' }),
    salaryMax: bigint('salary_max', { mode: 'number' }),
    salaryCurrency: text('salary_currency'),
    salaryPeriod: text('salary_period').$type<SalaryPeriod>(),
    /** The employer asked not to show the salary (it is still stored, e.g. for filters). */
    salaryHidden: boolean('salary_hidden').notNull().default(false),
    /** Ids of JOB_FUNCTIONS (1-54) and INDUSTRIES (1-64) in src/lib/reference-lists.ts. */
    functionId: smallint('function_id'),
    industryId: smallint('industry_id'),
    role: text('role'),
    qualification: text('qualification'),
    employerType: text('employer_type').$type<EmployerType>().notNull().default('company'),
    jobType: text('job_type').$type<JobType>().notNull().default('full_time'),
    isWalkin: boolean('is_walkin').notNull().default(false),
    walkinStartDate: date('walkin_start_date', { mode: 'string' }),
    walkinEndDate: date('walkin_end_date', { mode: 'string' }),
    /** Free text, e.g. "10:00 AM - 4:00 PM". */
    walkinTime: text('walkin_time'),
    walkinVenue: text('walkin_venue'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    status: text('status').$type<JobStatus>().notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    index('jobs_site_posted_idx').on(t.siteContext, t.postedAt.desc().nullsFirst()),
    index('jobs_company_idx').on(t.companyId),
    index('jobs_walkin_idx')
      .on(t.siteContext, t.walkinStartDate)
      .where(sql`${t.isWalkin}`),
    check('jobs_employer_type_check', inList('employer_type', EMPLOYER_TYPES)),
    check('jobs_job_type_check', inList('job_type', JOB_TYPES)),
    check('jobs_status_check', inList('status', JOB_STATUSES)),
    check('jobs_salary_period_check', inList('salary_period', SALARY_PERIODS)),
    check(
      'jobs_salary_range_check',
      sql`salary_min is null or salary_max is null or salary_min <= salary_max`,
    ),
    check(
      'jobs_experience_range_check',
      sql`experience_min is null or experience_max is null or experience_min <= experience_max`,
    ),
  ],
);

/** The job a row is about: job_id, required, removed with the job (ON DELETE CASCADE). */
export function jobIdColumn() {
  return bigint('job_id', { mode: 'number' })
    .notNull()
    .references(() => jobs.id, { onDelete: 'cascade' });
}

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
