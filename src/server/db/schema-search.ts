/**
 * Tables of the search domain; migrations are generated from here with npm run db:generate.
 *
 * - search_jobs: the search index, one row per ACTIVE job, partitioned by site_context (one
 *   partition per site whose file says `searchPartition`, plus search_jobs_other for any other
 *   site). Declared here so the
 *   schema is complete and drizzle-kit diffs against it, but created by the hand-written
 *   drizzle/sql/search_jobs.sql (drizzle-kit can't express partitions) and only read with raw SQL
 *   in src/server/search (see SearchJobRow below). Kept in step with `jobs` by statement-level
 *   triggers (drizzle/sql/search_jobs_sync.sql): insert, update, delete and truncate of jobs add,
 *   rebuild or drop the rows. It holds what search needs precomputed: the normalised title for
 *   exact-title matches, title-only and title+skills vectors, one doc vector with the job's words
 *   AND a tag lexeme per filterable value (so one GIN lookup applies keywords and filters
 *   together), and one `facet_data` line per job that facet counting reads.
 * - search_terms: distinct titles, skills, companies and cities per site with their number of
 *   active jobs (autosuggest, popular cities), maintained by the same triggers.
 * - recent_searches: a logged-in seeker's recent searches per site, newest first, de-duplicated.
 *
 * Keep this file free of imports from the rest of the app but the site files: drizzle-kit loads it
 * on its own.
 */
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList, tz, siteContextColumn } from './columns';
import { userIdColumn } from './schema-accounts';
import { sites } from '../../../sites';

/** PostgreSQL's tsvector, read and written as its text form (only raw SQL touches it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const SEARCH_TERM_KINDS = ['title', 'skill', 'company', 'city'] as const;
export type SearchTermKind = (typeof SEARCH_TERM_KINDS)[number];

export const searchTerms = pgTable(
  'search_terms',
  {
    siteContext: text('site_context').notNull(),
    kind: text('kind').$type<SearchTermKind>().notNull(),
    /** lower(value) with single spaces. */
    valueKey: text('value_key').notNull(),
    /** The value as the first job that used it spells it. */
    value: text('value').notNull(),
    /** Active jobs of the site with this value; 0 once the last one went. */
    jobCount: integer('job_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteContext, t.kind, t.valueKey] }),
    // fastupdate off: no pending list to scan on every lookup (PGlite has no autovacuum).
    index('search_terms_trgm_idx')
      .using('gin', t.valueKey.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
    index('search_terms_prefix_idx').on(t.siteContext, t.valueKey.op('text_pattern_ops')),
    check('search_terms_kind_check', inList('kind', SEARCH_TERM_KINDS)),
  ],
);

export const recentSearches = pgTable(
  'recent_searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    siteContext: siteContextColumn(),
    keywords: text('keywords').notNull(),
    location: text('location').notNull().default(''),
    experience: smallint('experience'),
    /** lower(keywords)|lower(location)|experience: the same search saved again moves up. */
    dedupeKey: text('dedupe_key').notNull(),
    searchedAt: tz('searched_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recent_searches_dedupe_unique').on(t.userId, t.siteContext, t.dedupeKey),
    index('recent_searches_user_idx').on(t.userId, t.siteContext, t.searchedAt.desc().nullsFirst()),
  ],
);

/**
 * The sites with a search_jobs partition of their own: those whose site file says
 * `searchPartition` (a migration created it). Any other site's jobs go to search_jobs_other.
 */
export const SEARCH_PARTITION_SITES: readonly string[] = sites
  .filter((site) => site.searchPartition)
  .map((site) => site.context);

const searchJobColumns = () => ({
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  siteContext: text('site_context').notNull(),
  postedAt: tz('posted_at').notNull(),
  /** When the portal received the job (jobs.created_at): job alerts run on it. */
  receivedAt: tz('received_at').notNull(),
  titleKey: text('title_key').notNull(),
  companyKey: text('company_key').notNull(),
  roleKey: text('role_key'),
  qualificationKey: text('qualification_key'),
  skillKeys: text('skill_keys').array().notNull(),
  cityKeys: text('city_keys').array().notNull(),
  countryCode: text('country_code').notNull(),
  functionId: smallint('function_id'),
  industryId: smallint('industry_id'),
  employerType: text('employer_type').notNull(),
  jobType: text('job_type').notNull(),
  experienceMin: smallint('experience_min'),
  experienceMax: smallint('experience_max'),
  salaryMin: bigint('salary_min', { mode: 'number' }),
  salaryMax: bigint('salary_max', { mode: 'number' }),
  salaryCurrency: text('salary_currency'),
  salaryPeriod: text('salary_period'),
  isWalkin: boolean('is_walkin').notNull(),
  walkinStartDate: date('walkin_start_date', { mode: 'string' }),
  walkinEndDate: date('walkin_end_date', { mode: 'string' }),
  titleTsv: tsvector('title_tsv').notNull(),
  headTsv: tsvector('head_tsv').notNull(),
  doc: tsvector('doc').notNull(),
  facetData: text('facet_data').notNull(),
});

/**
 * The partitioned parent (drizzle/sql/search_jobs.sql creates it PARTITION BY LIST
 * (site_context)). Its indexes are partitioned indexes: PostgreSQL gives every partition its own
 * copy, so the partitions below declare only their columns and primary key.
 */
export const searchJobs = pgTable('search_jobs', searchJobColumns(), (t) => [
  primaryKey({ name: 'search_jobs_pkey', columns: [t.siteContext, t.jobId] }),
  // fastupdate off: no pending list (every search would scan it until a VACUUM merges it).
  index('search_jobs_doc_idx').using('gin', t.doc).with({ fastupdate: 'off' }),
  index('search_jobs_title_tsv_idx').using('gin', t.titleTsv).with({ fastupdate: 'off' }),
  index('search_jobs_head_tsv_idx').using('gin', t.headTsv).with({ fastupdate: 'off' }),
  // Newest first: a dense search walks this and stops after a page's worth.
  index('search_jobs_posted_idx').on(t.postedAt.desc().nullsFirst(), t.jobId.desc().nullsFirst()),
  // Exact-title matches (relevance tier 0), newest first.
  index('search_jobs_title_idx').on(
    t.titleKey,
    t.postedAt.desc().nullsFirst(),
    t.jobId.desc().nullsFirst(),
  ),
  // Unindexing by job id (updates and deletes of jobs).
  index('search_jobs_job_idx').on(t.jobId),
  // Job alerts: the jobs received since an alert's last run.
  index('search_jobs_received_idx').on(t.receivedAt),
]);

const searchJobsPartition = (suffix: string) =>
  pgTable(`search_jobs_${suffix}`, searchJobColumns(), (t) => [
    primaryKey({ name: `search_jobs_${suffix}_pkey`, columns: [t.siteContext, t.jobId] }),
  ]);

/**
 * The partitions by table name, `search_jobs_<context>` and search_jobs_other. drizzle-kit reads
 * tables only from a schema file's named exports: schema-search-partitions.cjs exports these
 * (drizzle.config.ts lists it), so the diff knows them without a line a site here.
 */
export const searchJobsPartitions: Readonly<
  Record<string, ReturnType<typeof searchJobsPartition>>
> = Object.fromEntries(
  [...SEARCH_PARTITION_SITES, 'other'].map((suffix) => [
    `search_jobs_${suffix}`,
    searchJobsPartition(suffix),
  ]),
);

/** A row of search_jobs (see the module comment; columns in snake_case in SQL). */
export interface SearchJobRow {
  jobId: number;
  siteContext: string;
  postedAt: Date;
  /** lower(title), single spaces: an exact-title match is title_key = <keywords>. */
  titleKey: string;
  companyKey: string;
  roleKey: string | null;
  qualificationKey: string | null;
  skillKeys: string[];
  cityKeys: string[];
  countryCode: string;
  functionId: number | null;
  industryId: number | null;
  employerType: string;
  jobType: string;
  experienceMin: number | null;
  experienceMax: number | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  isWalkin: boolean;
  walkinStartDate: string | null;
  walkinEndDate: string | null;
  /** Stripped tsvectors: title; title, skills, company and cities; everything plus tags. */
  titleTsv: string;
  headTsv: string;
  doc: string;
  /** Facet values, fields split by U+001F, lists by U+001E (FACET_FIELDS in search/facets.ts). */
  facetData: string;
}
export type SearchTerm = typeof searchTerms.$inferSelect;
export type RecentSearchRow = typeof recentSearches.$inferSelect;
